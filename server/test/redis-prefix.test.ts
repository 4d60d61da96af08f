// Deployments sharing one Redis (REDIS_PREFIX, lib/redis-keys.ts), an instance that starts while Redis is
// down, and /metrics where it is off. The Redis cases run with TEST_REDIS_URL, on PGlite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { io as openSocket, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@krapao/contract';
import { loadConfig } from '../src/config.ts';
import { redisKeys } from '../src/lib/redis-keys.ts';
import { MEMBERS_ROOM } from '../src/realtime/rooms.ts';
import { baseUrl, eventually, makeApp, registerAndLogin, type TestApp } from './helpers.ts';
import { startTcpProxy } from './tcp-proxy.ts';

const redisUrl = process.env.TEST_REDIS_URL;

const open: Socket[] = [];
afterAll(() => open.forEach((s) => s.close()));

/** A member's socket on the app, keeping every 'hello' it hears. */
async function memberSocket(app: FastifyInstance) {
  const member = await registerAndLogin(app);
  const socket = openSocket(baseUrl(app), {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token: member.token },
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  const heard: unknown[] = [];
  socket.on('hello', (payload: unknown) => heard.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return { heard };
}

const until = <T>(read: () => T, ok: (v: T) => boolean) => eventually(async () => read(), ok, 15_000);

const prefix = () => `test-${randomBytes(6).toString('hex')}`;

describe('[prefix] REDIS_PREFIX', () => {
  it('[prefix] defaults to the database schema’s name (public without one); a colon is refused', () => {
    expect(loadConfig({}).redisPrefix).toBe('public');
    expect(loadConfig({ DATABASE_SCHEMA: 'site_b' }).redisPrefix).toBe('site_b');
    expect(loadConfig({ DATABASE_SCHEMA: 'site_b', REDIS_PREFIX: 'krapao-b' }).redisPrefix).toBe('krapao-b');
    expect(() => loadConfig({ REDIS_PREFIX: 'a:b' })).toThrow(/REDIS_PREFIX/);
    // No key of one deployment begins with another's prefix.
    expect(Object.values(redisKeys('a')).every((k) => k.startsWith('a:'))).toBe(true);
  });

  describe.runIf(redisUrl)('on one Redis', () => {
    it('[prefix] realtime crosses between instances of one REDIS_PREFIX and never to another’s; every key carries its prefix', async () => {
      const one = prefix();
      const two = prefix();
      const apps: TestApp[] = [];
      try {
        for (const p of [one, one, two, two])
          apps.push(await makeApp({ REDIS_URL: redisUrl!, REDIS_PREFIX: p }));
        const [a, b, c, d] = apps as [TestApp, TestApp, TestApp, TestApp];
        const onB = await memberSocket(b.app);
        const onC = await memberSocket(c.app);

        a.app.realtime.toRoom(MEMBERS_ROOM, 'hello', { from: 'A' });
        expect(
          await until(
            () => onB.heard,
            (h) => h.length > 0,
          ),
        ).toEqual([{ from: 'A' }]);
        // Redis delivered A's message to B before it took D's: a C that heard A would hear it before D.
        d.app.realtime.toRoom(MEMBERS_ROOM, 'hello', { from: 'D' });
        expect(
          await until(
            () => onC.heard,
            (h) => h.length > 0,
          ),
        ).toEqual([{ from: 'D' }]);
        expect(onB.heard).toEqual([{ from: 'A' }]);

        const redis = new Redis(redisUrl!);
        try {
          const keys = await redis.keys(`${one}:*`);
          expect(keys.some((k) => k.startsWith(redisKeys(one).rateLimit))).toBe(true);
          expect(keys.some((k) => k.startsWith(redisKeys(one).handshakes))).toBe(true);
          const channels = await redis.pubsub('CHANNELS', `${one}:*`);
          expect(channels.length).toBeGreaterThan(0);
          expect(channels.every((ch) => String(ch).startsWith(redisKeys(one).realtime))).toBe(true);
        } finally {
          await redis.quit();
        }
      } finally {
        for (const app of apps) await app.close();
      }
    }, 120_000);

    it('[prod] an instance started while Redis is down serves, /readyz names Redis, and all recovers when Redis returns', async () => {
      const target = new URL(redisUrl!);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      proxy.cut();
      const p = prefix();
      const through = new URL(redisUrl!);
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      let a: TestApp | undefined;
      let b: TestApp | undefined;
      try {
        a = await makeApp({ REDIS_URL: through.toString(), REDIS_PREFIX: p });
        const down = await a.app.inject({ url: '/readyz' });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toMatchObject({
          ready: false,
          failed: ['redis'],
          checks: { redis: 'unavailable' },
        });
        // A broadcast while Redis is down fails quietly: the process lives on.
        a.app.realtime.toRoom(MEMBERS_ROOM, 'hello', { from: 'A', during: 'outage' });
        expect((await a.app.inject({ url: '/healthz' })).statusCode).toBe(200);

        proxy.restore();
        const ready = await eventually(
          async () => (await a!.app.inject({ url: '/readyz' })).statusCode,
          (s) => s === 200,
          20_000,
        );
        expect(ready).toBe(200);

        // Both ways through Redis: A publishes again, and A subscribed once Redis came back.
        b = await makeApp({ REDIS_URL: redisUrl!, REDIS_PREFIX: p });
        const onA = await memberSocket(a.app);
        const onB = await memberSocket(b.app);
        a.app.realtime.toRoom(MEMBERS_ROOM, 'hello', { from: 'A' });
        expect(
          await until(
            () => onB.heard,
            (h) => h.length > 0,
          ),
        ).toEqual([{ from: 'A' }]);
        const fromB = await until(
          () => {
            b!.app.realtime.toRoom(MEMBERS_ROOM, 'hello', { from: 'B' });
            return onA.heard;
          },
          (h) => h.some((m) => (m as { from: string }).from === 'B'),
        );
        expect(fromB).toContainEqual({ from: 'B' });
      } finally {
        await a?.close();
        await b?.close();
        await proxy.close();
      }
    }, 120_000);
  });
});

describe('[prod] /metrics off', () => {
  it('[prod] with neither METRICS_PORT nor METRICS_TOKEN, GET /metrics is 404 NOT_FOUND, not the web app', async () => {
    const web = mkdtempSync(join(tmpdir(), 'krapao-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Krapao</title>');
    const t = await makeApp({ WEB_DIST: web });
    try {
      const metrics = await t.app.inject({ url: '/metrics' });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.json()).toEqual({ message: 'NOT_FOUND' });
      // The web app still answers its own pages.
      expect((await t.app.inject({ url: '/deposit' })).body).toContain('<title>Krapao</title>');
    } finally {
      await t.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
