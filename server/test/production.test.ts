// The server as production runs it: the probes a load balancer asks (GET /healthz, GET /readyz,
// http/health.ts), the drain a SIGTERM starts (http/drain.ts, through the app's own drain function), and the
// compiled build (scripts/build-server.mjs) starting without a TypeScript loader.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect, createServer } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@krapao/contract';
import { io as openSocket } from 'socket.io-client';
import { buildServer } from '../../scripts/build-server.mjs';
import { connect } from '../src/db/connect.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { registerHealth } from '../src/http/health.ts';
import { seed } from '../src/seed.ts';
import { baseUrl, call, eventually, expectError, makeApp, onPostgres, registerAndLogin } from './helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe('[prod] probes', () => {
  const lines: string[] = [];
  const logs = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  let t: Awaited<ReturnType<typeof makeApp>>;
  beforeAll(async () => {
    t = await makeApp(
      { RATE_LIMIT_PER_MIN: '3', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
      { deps: { logger: { level: 'info', stream: logs } } },
    );
  });
  afterAll(() => t.close());

  it('[prod] /healthz answers 200 and /readyz 200 with every check; neither counts toward the rate limit nor is logged at info', async () => {
    // A new instance is ready once its Redis connection is (ioredis connects after the app is built; a
    // busy machine took longer than the first probe): a load balancer waits for that first 200 too.
    await eventually(
      () => t.app.inject({ url: '/readyz' }),
      (r) => r.statusCode === 200,
      15_000,
    );
    for (let i = 0; i < 5; i++) {
      const alive = await t.app.inject({ url: '/healthz' });
      expect(alive.statusCode).toBe(200);
      expect(alive.headers['cache-control']).toBe('no-store');
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        ready: true,
        failed: [],
        checks: { server: 'ok', database: 'ok', schema: 'ok', redis: redisUrl ? 'ok' : 'off' },
      });
    }
    // The limit is on all the same: the API's fourth call from the address is refused.
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'GET', '/api/lookup/active')).status).toBe(200);
    expectError(await call(t.app, 'GET', '/api/lookup/active'), 429, 'TOO_MANY_REQUESTS');
    const requests = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
    expect(requests.filter((r) => r.msg === 'incoming request').map((r) => r.req?.url)).toEqual(
      Array(4).fill('/api/lookup/active'),
    );
    expect(requests.filter((r) => r.msg === 'request completed')).toHaveLength(4);
  });

  it('[prod] /readyz answers 503 with what migrate() would do when a migration has not run or a function file differs from the database', async () => {
    const [latest] = await t.db.query<{ name: string }>(
      'select name from schema_migrations order by name desc limit 1',
    );
    const [ledger] = await t.db.query<{ checksum: string }>(
      "select checksum from schema_functions where file = 'ledger.sql'",
    );
    await t.db.query('delete from schema_migrations where name = $1', [latest!.name]);
    await t.db.query("update schema_functions set checksum = 'edited by hand' where file = 'ledger.sql'");
    try {
      // A readiness answer is reused for a second (the probes are not rate-limited).
      const answer = await eventually(
        () => t.app.inject({ url: '/readyz' }),
        (r) => r.statusCode === 503,
      );
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        ready: false,
        failed: ['schema'],
        checks: { server: 'ok', database: 'ok', schema: 'outdated', redis: redisUrl ? 'ok' : 'off' },
        pendingMigrations: [latest!.name],
        changedFunctions: ['ledger.sql'],
      });
    } finally {
      await t.db.query('insert into schema_migrations (name) values ($1)', [latest!.name]);
      await t.db.query("update schema_functions set checksum = $1 where file = 'ledger.sql'", [
        ledger!.checksum,
      ]);
    }
  });

  it('[prod] /readyz answers 503 naming Redis when REDIS_URL points at no Redis', async () => {
    // The check on its own: a whole app would also start Socket.IO's Redis adapter on no Redis.
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, {
      maxRetriesPerRequest: 1,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    const app = Fastify({ logger: false });
    registerHealth(app, { db: t.db, redis, isDraining: () => false });
    try {
      await new Promise((resolve) => redis.once('end', resolve));
      const answer = await app.inject({ url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        ready: false,
        failed: ['redis'],
        checks: { server: 'ok', database: 'ok', schema: 'ok', redis: 'unavailable' },
      });
    } finally {
      await app.close();
      redis.disconnect();
    }
  });
});

describe('[prod] draining', () => {
  it('[prod] readiness turns 503 at once, the request in flight finishes, new connections are refused, a request arriving on an open one is answered SERVICE_UNAVAILABLE (the probe 503 draining), and realtime sockets close so that browsers reconnect', async () => {
    const slow = slowRoute();
    const t = await makeApp({}, { extend: slow.register });
    const base = baseUrl(t.app);
    const { token } = await registerAndLogin(t.app);
    const socket = openSocket(base, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      // Connections whose requests have begun (their headers not all sent) when the drain starts.
      const port = (t.app.server.address() as { port: number }).port;
      const lateApi = await beginRequest(port, '/api/lookup/active');
      const lateProbe = await beginRequest(port, '/readyz');
      const inFlight = fetch(`${base}/test/slow`);
      await slow.started;

      const drained = t.app.drain(10_000);
      expect(t.app.draining).toBe(true);
      expect(await t.app.readiness()).toEqual({
        ready: false,
        failed: ['server'],
        checks: { server: 'draining', database: 'unknown', schema: 'unknown', redis: 'unknown' },
      });
      // The socket closes as a lost connection does, not as a server's refusal: the client reconnects.
      expect(await disconnected).toBe('transport close');
      expect(socket.active).toBe(true);
      socket.close();
      const refused = await eventually(
        () =>
          fetch(`${base}/healthz`).then(
            () => 'answered',
            () => 'refused',
          ),
        (v) => v === 'refused',
      );
      expect(refused).toBe('refused');
      const api = await lateApi.finish();
      expect(api.status).toBe(503);
      expect(api.head.toLowerCase()).toContain('connection: close');
      expect(api.body).toBe('{"message":"SERVICE_UNAVAILABLE"}');
      const probe = await lateProbe.finish();
      expect(probe.status).toBe(503);
      expect(JSON.parse(probe.body)).toMatchObject({ ready: false, checks: { server: 'draining' } });

      slow.release();
      const finished = await inFlight;
      expect(finished.status).toBe(200);
      expect(await finished.json()).toEqual({ done: true });
      expect(await drained).toEqual({ forced: false });
    } finally {
      socket.close();
      slow.release();
      await t.close();
    }
  });

  it('[prod] a request still running when the grace ends loses its connection, and the drain says it was forced', async () => {
    const slow = slowRoute();
    const t = await makeApp({}, { extend: slow.register });
    try {
      const inFlight = fetch(`${baseUrl(t.app)}/test/slow`).then(
        (r) => r.status,
        () => 'cut',
      );
      await slow.started;
      expect(await t.app.drain(50)).toEqual({ forced: true });
      expect(await inFlight).toBe('cut');
    } finally {
      slow.release();
      await t.close();
    }
  });
});

// Once per run, on the PostgreSQL pass: production's database, and the build is the same whatever the
// database (PGlite's own start, a WebAssembly PostgreSQL, takes seconds).
describe.skipIf(!onPostgres)('[prod] the compiled server', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_build_${randomBytes(6).toString('hex')}`;
  let out: string;
  beforeAll(async () => {
    // Inside server/, where the build finds its npm packages as server/dist does.
    const cache = join(import.meta.dirname, '..', 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    out = await buildServer(mkdtempSync(join(cache, 'krapao-build-')));
    // A migrated and seeded database, as a production start finds it.
    await inDatabase(url, undefined, (db) => db.exec(`create schema ${schema}`));
    await inDatabase(url, schema, async (db) => {
      await migrate(db);
      await seed(db, { demoMember: false, region: 'th' });
    });
  });
  afterAll(async () => {
    if (out) rmSync(out, { recursive: true, force: true });
    await inDatabase(url, undefined, (db) => db.exec(`drop schema if exists ${schema} cascade`));
  });

  it('[prod] starts without a TypeScript loader, answers /healthz and /readyz, leaves the simulated world out, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(out, 'main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NODE_OPTIONS: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATABASE_SCHEMA: schema,
        SIMULATE: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          output += d;
          const url = /Krapao is running: (http:\/\/\S+)/.exec(output)?.[1];
          if (url) resolve(url.replace('localhost', '127.0.0.1'));
        });
        child.once('exit', () => reject(new Error(`the built server exited:\n${output}`)));
      });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(await ready.json()).toMatchObject({ ready: true, checks: { database: 'ok', schema: 'ok' } });
      expect(ready.status).toBe(200);
      expect((await fetch(`${base}/sim/sms/inbox`)).status).toBe(404);
      const exited = once(child, 'exit') as Promise<[number | null]>;
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('[prod] the slip QR worker runs compiled, without tsx', async () => {
    const worker = new Worker(join(out, 'qr-worker.mjs'), { execArgv: [] });
    try {
      const [message] = (await once(worker, 'message')) as [{ ready?: boolean }];
      expect(message.ready).toBe(true);
    } finally {
      await worker.terminate();
    }
  });
});

async function inDatabase(url: string, schema: string | undefined, work: (db: Db) => Promise<unknown>) {
  const db = await connect({ databaseUrl: url, schema });
  try {
    await work(db);
  } finally {
    await db.close();
  }
}

/** A route under test that waits for the test's word: GET /test/slow answers { done: true } once released. */
function slowRoute() {
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const startedP = new Promise<void>((resolve) => (started = resolve));
  return {
    register: (app: import('fastify').FastifyInstance) =>
      app.get('/test/slow', async () => {
        started();
        await gate;
        return { done: true };
      }),
    started: startedP,
    release: () => release(),
  };
}

/**
 * A GET sent over a connection of its own, all but the blank line that ends its headers: the server has
 * begun reading it, so a drain does not close the connection as idle. finish() sends the rest and reads
 * the answer until the server closes the connection.
 */
async function beginRequest(port: number, path: string) {
  const socket = tcpConnect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: krapao\r\nX-Requested-With: wallet-user\r\n`);
  let text = '';
  socket.on('data', (d) => (text += d));
  const closed = once(socket, 'close');
  return {
    async finish() {
      socket.write('\r\n');
      await closed;
      const [head = '', body = ''] = text.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head, body };
    },
  };
}

/** A port nothing listens on (just released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
