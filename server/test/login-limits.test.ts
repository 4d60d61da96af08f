// Password guessing limits (LOG-3): attempts are counted before the password is checked, so parallel
// requests cannot beat them; the wait is told in Retry-After; behind a trusted proxy each member's own
// address is limited.
import { describe, expect, it } from 'vitest';
import {
  LOGIN_ACCOUNT_WINDOW_S,
  LOGIN_FAILURE_WINDOW_S,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
} from '@krapao/contract';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { makeApp, registerAndLogin, useTestApp } from './helpers.ts';

const t = useTestApp();

interface Answer {
  status: number;
  message: string | undefined;
  retryAfter: number | undefined;
}

async function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  opts: { address?: string; forwardedFor?: string; token?: string } = {},
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    remoteAddress: opts.address ?? '127.0.0.1',
    headers: {
      'x-requested-with': 'wallet-user',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
    },
    payload: body as Record<string, unknown>,
  });
  const retryAfter = res.headers['retry-after'];
  return {
    status: res.statusCode,
    message: (res.json() as { message?: string }).message,
    retryAfter: retryAfter === undefined ? undefined : Number(retryAfter),
  };
}

const login = (app: FastifyInstance, username: string, password: string, address: string) =>
  send(app, 'POST', '/api/login', { username, password }, { address });
const changePassword = (token: string, oldPassword: string, address: string, newPassword = 'brand new 22') =>
  send(t.app, 'PUT', '/api/account/changepwd', { oldPassword, newPassword }, { token, address });

/** Every refusal is REQUEST_LIMIT 429 with a wait of one second to the whole window. */
function expectLimited(a: Answer, windowS: number) {
  expect(a).toMatchObject({ status: 429, message: 'REQUEST_LIMIT' });
  expect(a.retryAfter).toBeGreaterThanOrEqual(1);
  expect(a.retryAfter).toBeLessThanOrEqual(windowS);
}

describe('password guessing limits', () => {
  it('[LOG-3] 100 parallel logins for one phone from one address: at most the limit are checked, the right password among them is refused unless it came in within the limit', async () => {
    const { reg } = await registerAndLogin(t.app);
    const RIGHT = 49;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(t.app, reg.username, i === RIGHT ? reg.password : `wrong guess ${i}`, '203.0.113.7'),
      ),
    );
    const checked = answers.filter((a) => a.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT_ADDRESS);
    expect(checked.length).toBeGreaterThan(0);
    for (const a of answers.filter((a) => a.status === 429)) expectLimited(a, LOGIN_FAILURE_WINDOW_S);
    const right = answers[RIGHT]!;
    if (right.status !== 200) expectLimited(right, LOGIN_FAILURE_WINDOW_S);
    // Locked at this address now, even with the right password.
    expectLimited(await login(t.app, reg.username, reg.password, '203.0.113.7'), LOGIN_FAILURE_WINDOW_S);
  });

  it('[LOG-3] a stranger locking one address does not lock the member out of their own address', async () => {
    const { reg } = await registerAndLogin(t.app);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS; i++) {
      expect((await login(t.app, reg.username, `stranger ${i}`, '203.0.113.8')).message).toBe(
        'WRONG_CREDENTIAL',
      );
    }
    expectLimited(await login(t.app, reg.username, reg.password, '203.0.113.8'), LOGIN_FAILURE_WINDOW_S);
    expect((await login(t.app, reg.username, reg.password, '198.51.100.8')).status).toBe(200);
  });

  it('[LOG-3] across addresses the account has a higher ceiling, under 100 failures an hour (ASVS 2.2.1); past it the right password needs a code to the phone', async () => {
    const { reg } = await registerAndLogin(t.app);
    let failures = 0;
    for (let host = 1; failures < LOGIN_FAILURES_PER_ACCOUNT; host++) {
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS && failures < LOGIN_FAILURES_PER_ACCOUNT; i++) {
        const a = await login(t.app, reg.username, `botnet ${failures}`, `192.0.2.${host}`);
        expect(a.message).toBe('WRONG_CREDENTIAL');
        failures++;
      }
    }
    expect(2 * LOGIN_FAILURES_PER_ACCOUNT).toBeLessThan(100);
    // No session without the code now (password-reset.test.ts follows the code through).
    expect(await login(t.app, reg.username, reg.password, '198.51.100.9')).toMatchObject({
      status: 200,
      message: 'OTP_REQUIRED',
    });
    t.clock.advance(LOGIN_ACCOUNT_WINDOW_S * 1000);
    expect((await login(t.app, reg.username, reg.password, '198.51.100.9')).status).toBe(200);
  });

  it('[LOG-3] Retry-After counts down to the end of the window, and then the member gets in', async () => {
    const { reg } = await registerAndLogin(t.app);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS; i++)
      await login(t.app, reg.username, `x ${i}`, '203.0.113.9');
    const first = await login(t.app, reg.username, reg.password, '203.0.113.9');
    expect(first.retryAfter).toBe(LOGIN_FAILURE_WINDOW_S);
    t.clock.advance(600_000);
    expect((await login(t.app, reg.username, reg.password, '203.0.113.9')).retryAfter).toBe(
      LOGIN_FAILURE_WINDOW_S - 600,
    );
    t.clock.advance((LOGIN_FAILURE_WINDOW_S - 600) * 1000);
    expect((await login(t.app, reg.username, reg.password, '203.0.113.9')).status).toBe(200);
  });

  it('[LOG-3] a member who logs in again and again with the right password is never limited', async () => {
    const { reg } = await registerAndLogin(t.app);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS * 2; i++) {
      expect((await login(t.app, reg.username, reg.password, '203.0.113.10')).status).toBe(200);
    }
  });

  it('[PRO-2] wrong old passwords are limited like logins, in parallel too, with Retry-After; another address still works', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => changePassword(token, `not the old one ${i}`, '203.0.113.11')),
    );
    const checked = answers.filter((a) => a.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT_ADDRESS);
    for (const a of checked) expect(a.message).toBe('WRONG_PASSWORD');
    for (const a of answers.filter((a) => a.status === 429)) expectLimited(a, LOGIN_FAILURE_WINDOW_S);
    // Refused even with the right old password, and nothing changed: the old password still logs in.
    expectLimited(await changePassword(token, reg.password, '203.0.113.11'), LOGIN_FAILURE_WINDOW_S);
    expect((await login(t.app, reg.username, reg.password, '198.51.100.11')).status).toBe(200);
    expect((await changePassword(token, reg.password, '198.51.100.11')).status).toBe(200);
  });
});

describe('[trust-6] TRUST_PROXY', () => {
  // Each case builds an app of its own (a fresh database): slow on a busy machine, hence the timeout.
  it.each([
    ['with TRUST_PROXY=1 two X-Forwarded-For addresses are limited separately', { TRUST_PROXY: '1' }, 200],
    ['without TRUST_PROXY the header is ignored: both are the socket address', {}, 429],
  ] as const)(
    '[trust-6] %s',
    async (_name, env, otherAddressAnswer) => {
      const other = await makeApp(env);
      try {
        const { reg } = await registerAndLogin(other.app);
        const via = (forwardedFor: string, password: string) =>
          send(other.app, 'POST', '/api/login', { username: reg.username, password }, { forwardedFor });
        for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS; i++) await via('198.51.100.21', `wrong ${i}`);
        expect((await via('198.51.100.21', reg.password)).status).toBe(429);
        // Another member behind the same load balancer (the same socket address).
        expect((await via('198.51.100.22', reg.password)).status).toBe(otherAddressAnswer);
      } finally {
        await other.close();
      }
    },
    90_000,
  );

  it('[trust-6] takes a hop count or addresses and CIDRs, and refuses anything else at start', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0', 'lb.internal', '1,2', '99'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});
