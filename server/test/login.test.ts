import { describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT_ADDRESS, LOGIN_FAILURE_WINDOW_S } from '@krapao/contract';
import { DEMO_MEMBER } from '../src/db/seed.ts';
import { call, expectError, login, useTestApp, registerAndLogin } from './helpers.ts';

const t = useTestApp();

const tryLogin = (username: string, password: string, isRemember?: boolean) =>
  call(t.app, 'POST', '/api/login', { body: { username, password, isRemember } });
const profile = (token: string) => call(t.app, 'GET', '/api/account/profile', { token });

describe('login and sessions', () => {
  it('[LOG-1] returns an opaque token of at least 128 bits that opens the profile', async () => {
    const res = await tryLogin(DEMO_MEMBER.phone, DEMO_MEMBER.password);
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.token as string, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect((await profile(res.body.token as string)).body.username).toBe(DEMO_MEMBER.phone);
  });

  it('[LOG-1] username and password are required', async () => {
    expectError(await tryLogin('', 'x'), 400, 'INVALID_REQUEST');
    expectError(await tryLogin(DEMO_MEMBER.phone, ''), 400, 'INVALID_REQUEST');
  });

  it('[LOG-3] a wrong password and an unknown phone both get WRONG_CREDENTIAL', async () => {
    const { reg } = await registerAndLogin(t.app);
    expectError(await tryLogin(reg.username, 'not the password'), 401, 'WRONG_CREDENTIAL');
    expectError(await tryLogin('0900000001', 'whatever123'), 401, 'WRONG_CREDENTIAL');
  });

  it('[LOG-3] repeated failures on one account are rate limited with REQUEST_LIMIT, even with the right password', async () => {
    const { reg } = await registerAndLogin(t.app);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS; i++) {
      expectError(await tryLogin(reg.username, `wrong-${i}-password`), 401, 'WRONG_CREDENTIAL');
    }
    expectError(await tryLogin(reg.username, reg.password), 429, 'REQUEST_LIMIT');
    t.clock.advance(LOGIN_FAILURE_WINDOW_S * 1000 + 1);
    expect((await tryLogin(reg.username, reg.password)).status).toBe(200);
  });

  it('[LOG-3] [SH-13] an inactive member cannot log in (INACTIVE_USER) and loses open sessions', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    await t.db.query(`update members set status = 'inactive' where phone = $1`, [reg.username]);
    expectError(await tryLogin(reg.username, reg.password), 403, 'INACTIVE_USER');
    expectError(await profile(token), 403, 'INACTIVE_USER');
    await t.db.query(`update members set status = 'active' where phone = $1`, [reg.username]);
    expectError(await profile(token), 401, 'invalid-token');
  });

  it('[SH-12] logout revokes the session on the server: the old token is refused', async () => {
    const { token } = await registerAndLogin(t.app);
    expect((await call(t.app, 'POST', '/api/logout', { token })).body).toEqual({ ok: true });
    expectError(await profile(token), 401, 'invalid-token');
  });

  it('[SH-12] a session just used is still refused at once after its logout', async () => {
    const { token } = await registerAndLogin(t.app);
    expect((await profile(token)).status).toBe(200);
    expect((await profile(token)).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/logout', { token })).status).toBe(200);
    expectError(await profile(token), 401, 'invalid-token');
  });

  it('[SH-12] [SH-13] a session ended or a member deactivated elsewhere (another instance, the operator) is refused', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    for (const { token } of [a, b]) expect((await profile(token)).status).toBe(200);
    // Written straight into the database, as another instance or the operator's tool would.
    await t.db.query('delete from sessions where member_id = (select id from members where phone = $1)', [
      a.reg.username,
    ]);
    await t.db.query(`update members set status = 'inactive' where phone = $1`, [b.reg.username]);
    // The very next request: sessions are read on each one (docs/decisions.md), never from a cache.
    expectError(await profile(a.token), 401, 'invalid-token');
    expectError(await profile(b.token), 403, 'INACTIVE_USER');
  });

  it('[SH-12] each login makes a new token; "remember" makes the session last longer', async () => {
    const a = await tryLogin(DEMO_MEMBER.phone, DEMO_MEMBER.password, false);
    const b = await tryLogin(DEMO_MEMBER.phone, DEMO_MEMBER.password, true);
    expect(a.body.token).not.toBe(b.body.token);
    expect(Date.parse(b.body.expiresAt as string)).toBeGreaterThan(Date.parse(a.body.expiresAt as string));
  });

  it('[SH-15] a session survives while used, ends after the idle time, and a remembered one lasts days', async () => {
    const short = await login(t.app, DEMO_MEMBER.phone, DEMO_MEMBER.password, false);
    const long = await login(t.app, DEMO_MEMBER.phone, DEMO_MEMBER.password, true);
    t.clock.advance(30 * 60_000);
    expect((await profile(short)).status).toBe(200);
    t.clock.advance(61 * 60_000);
    expectError(await profile(short), 401, 'invalid-token');
    expect((await profile(long)).status).toBe(200);
    t.clock.advance(31 * 24 * 3600_000);
    expectError(await profile(long), 401, 'invalid-token');
  });

  it('[SH-15] the hourly sweep deletes sessions past their idle or absolute end and keeps the live ones', async () => {
    const sessionCount = async () =>
      Number((await t.db.query<{ n: bigint }>('select count(*) as n from sessions'))[0]!.n);
    await t.app.sweepSessions();
    const before = await sessionCount();
    const short = await login(t.app, DEMO_MEMBER.phone, DEMO_MEMBER.password, false);
    const long = await login(t.app, DEMO_MEMBER.phone, DEMO_MEMBER.password, true);
    expect(await t.app.sweepSessions()).toMatchObject({ members: 0 });
    expect(await sessionCount()).toBe(before + 2);

    t.clock.advance(61 * 60_000); // past the short one's idle time; never used again, so never read
    expect(await t.app.sweepSessions()).toMatchObject({ members: 1 });
    expect(await sessionCount()).toBe(before + 1);
    expect((await profile(long)).status).toBe(200);
    expectError(await profile(short), 401, 'invalid-token');

    t.clock.advance(31 * 24 * 3600_000); // past the remembered one's absolute end
    expect(await t.app.sweepSessions()).toMatchObject({ members: 1 });
    expect(await sessionCount()).toBe(before);
    expectError(await profile(long), 401, 'invalid-token');
  });

  it('[SH-18] member calls without a bearer token get UNAUTHORIZED; a forged one invalid-token', async () => {
    expectError(await call(t.app, 'GET', '/api/account/profile'), 401, 'UNAUTHORIZED');
    expectError(await profile('A'.repeat(43)), 401, 'invalid-token');
    const res = await call(t.app, 'GET', '/api/account/profile', { headers: { authorization: 'Basic abc' } });
    expectError(res, 401, 'invalid-token');
  });

  it('[LOG-1] stores only a hash of the token', async () => {
    const token = await login(t.app, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const rows = await t.db.query<{ token_hash: Uint8Array }>('select token_hash from sessions');
    expect(rows.some((r) => Buffer.from(r.token_hash).toString('base64url') === token)).toBe(false);
    expect(rows.every((r) => Buffer.from(r.token_hash).length === 32)).toBe(true);
  });
});
