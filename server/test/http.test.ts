import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { call, expectError, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // A route that fails the way a bug would, to prove a 5xx leaks nothing.
  t = await makeApp(
    {},
    {
      extend: (app) =>
        app.get('/api/broken', async () => {
          throw new Error('connection string postgres://admin:hunter2@db/prod');
        }),
    },
  );
});
afterAll(() => t.close());

describe('HTTP behaviour', () => {
  it('[ERR-1] a server failure answers 500 INTERNAL_SERVER_ERROR and nothing of its insides', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/broken' });
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ message: 'INTERNAL_SERVER_ERROR' });
    expect(res.body).not.toContain('hunter2');
  });

  it('[ERR-1] unknown routes, malformed JSON and wrong content types answer a known code', async () => {
    expectError(await call(t.app, 'GET', '/api/nowhere'), 404, 'NOT_FOUND');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ message: 'INVALID_REQUEST' });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongType.statusCode).toBeLessThan(500);
  });

  it('[SH-18] answers carry security headers: a strict CSP, nosniff, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lookup/info' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('[LOG-3] one address sending too many API calls gets 429 TOO_MANY_REQUESTS (Redis-backed when configured)', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    const limited = await makeApp({ RATE_LIMIT_PER_MIN: '5', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
    try {
      for (let i = 0; i < 5; i++)
        expect((await call(limited.app, 'GET', '/api/lookup/info')).status).toBe(200);
      expectError(await call(limited.app, 'GET', '/api/lookup/info'), 429, 'TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
  });

  it('[SH-18] configuration is validated once and names what is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ REGION: 'vn' })).toThrow(/REGION/);
    expect(loadConfig({}).region).toBe('th');
  });
});
