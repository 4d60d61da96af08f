// Realtime handshakes are limited per address (REALTIME_HANDSHAKES_PER_MIN) before the session lookup:
// bad tokens sent in bulk cost no database query. The address is the one the API's limits see, honouring
// TRUST_PROXY. With TEST_REDIS_URL the count lives in Redis, shared by the instances.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io as openSocket, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@krapao/contract';
import {
  HANDSHAKE_WINDOW_MS,
  memoryHandshakeLimiter,
  redisHandshakeLimiter,
} from '../src/realtime/handshake-limit.ts';
import { baseUrl, call, makeApp, registerAndLogin, useTestApp, type TestApp } from './helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const withRedis: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};

const t = useTestApp({ REALTIME_HANDSHAKES_PER_MIN: '5', ...withRedis });

const open: Socket[] = [];
afterAll(() => open.forEach((s) => s.close()));

/**
 * A handshake as the web app makes it (WebSocket only, the token in auth), from behind a proxy when
 * `forwardedFor` is given: answers 'connected' or the connect_error's message.
 */
function handshake(app: FastifyInstance, token: string, forwardedFor?: string): Promise<string> {
  const socket = openSocket(baseUrl(app), {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
    ...(forwardedFor ? { extraHeaders: { 'x-forwarded-for': forwardedFor } } : {}),
  });
  open.push(socket);
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (err) => resolve(err.message));
  });
}

/** A well-formed token no session has: only the database can tell. */
const unknownToken = () => randomBytes(32).toString('base64url');

/** Counts the session lookups the app's database runs from now on (http/auth.ts sessionOfToken). */
function countSessionLookups(db: TestApp['db']) {
  const query = db.query.bind(db);
  let lookups = 0;
  db.query = ((sql: string, params?: unknown[]) => {
    if (/session_member\(/.test(sql)) lookups++;
    return query(sql, params);
  }) as typeof db.query;
  return {
    count: () => lookups,
    stop: () => void (db.query = query),
  };
}

describe('realtime handshake limit', () => {
  it('[trust-8] from one address the sixth handshake in a minute is refused TOO_MANY_REQUESTS without a session lookup, a valid token too; the API still answers', async () => {
    const member = await registerAndLogin(t.app);
    const lookups = countSessionLookups(t.db);
    try {
      for (let i = 0; i < 5; i++) expect(await handshake(t.app, unknownToken())).toBe('invalid-token');
      expect(lookups.count()).toBe(5);

      expect(await handshake(t.app, unknownToken())).toBe('TOO_MANY_REQUESTS');
      // Per address, not per token: the member's own socket waits for the window too.
      expect(await handshake(t.app, member.token)).toBe('TOO_MANY_REQUESTS');
      expect(lookups.count()).toBe(5);
    } finally {
      lookups.stop();
    }
    // The API is limited on its own: the deposit panels poll meanwhile.
    expect((await call(t.app, 'GET', '/api/wallet', { token: member.token })).status).toBe(200);
  });

  // Each case builds an app of its own (a fresh database): slow on a busy machine, hence the timeout.
  it.each([
    [
      'with TRUST_PROXY=127.0.0.1 two X-Forwarded-For addresses are counted separately',
      '127.0.0.1',
      'connected',
    ],
    ['with TRUST_PROXY=1 two X-Forwarded-For addresses are counted separately', '1', 'connected'],
    ['without TRUST_PROXY the header is ignored: both are the socket’s address', '', 'TOO_MANY_REQUESTS'],
  ] as const)(
    '[trust-8] %s',
    async (_name, trustProxy, otherAddressAnswer) => {
      const other = await makeApp({
        REALTIME_HANDSHAKES_PER_MIN: '2',
        TRUST_PROXY: trustProxy,
        ...withRedis,
      });
      try {
        const member = await registerAndLogin(other.app);
        expect(await handshake(other.app, unknownToken(), '198.51.100.31')).toBe('invalid-token');
        expect(await handshake(other.app, unknownToken(), '198.51.100.31')).toBe('invalid-token');
        expect(await handshake(other.app, member.token, '198.51.100.31')).toBe('TOO_MANY_REQUESTS');
        // Another member behind the same load balancer (the same socket address); a forged entry to the
        // left of what the proxy appended changes nothing.
        expect(await handshake(other.app, member.token, '198.51.100.31, 198.51.100.32')).toBe(
          otherAddressAnswer,
        );
      } finally {
        await other.close();
      }
    },
    90_000,
  );

  it('[trust-8] a limited address gets in again once its minute is over', async () => {
    let now = 1_000_000;
    const limiter = memoryHandshakeLimiter(2, () => now);
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await limiter.take('b')).toBe(true);
    now += HANDSHAKE_WINDOW_MS - 1;
    expect(await limiter.take('a')).toBe(false);
    now += 1;
    expect(await limiter.take('a')).toBe(true);
  });
});

describe.runIf(redisUrl)('realtime handshake limit in Redis', () => {
  it('[trust-8] instances sharing Redis count an address together', async () => {
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const env = { REALTIME_HANDSHAKES_PER_MIN: '3', REDIS_PREFIX: prefix, ...withRedis };
    const a = await makeApp(env);
    const b = await makeApp(env);
    try {
      expect(await handshake(a.app, unknownToken())).toBe('invalid-token');
      expect(await handshake(b.app, unknownToken())).toBe('invalid-token');
      expect(await handshake(a.app, unknownToken())).toBe('invalid-token');
      expect(await handshake(b.app, unknownToken())).toBe('TOO_MANY_REQUESTS');
      expect(await handshake(a.app, unknownToken())).toBe('TOO_MANY_REQUESTS');
    } finally {
      await a.close();
      await b.close();
    }
  }, 90_000);

  it('[trust-8] an address’s count in Redis ends with its minute', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl!);
    const prefix = `test-${randomBytes(6).toString('hex')}-handshakes-`;
    try {
      const limiter = redisHandshakeLimiter(redis, 2, prefix);
      expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([
        true,
        true,
        false,
      ]);
      const ttl = await redis.pttl(`${prefix}a`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(HANDSHAKE_WINDOW_MS);
      // The window is gone (as after its minute): the address is counted afresh.
      await redis.del(`${prefix}a`);
      expect(await limiter.take('a')).toBe(true);
    } finally {
      await redis.quit();
    }
  });
});
