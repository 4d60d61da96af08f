// Member care: forgot password (a code to the registered phone, a new password, every session ended),
// password strength on registration, change and reset, and the login past the per-account limit of
// wrong passwords, which lets the right password in with a code to the phone instead of locking the
// owner out.
import { describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_S,
} from '@krapao/contract';
import { loadConfig } from '../src/config.ts';
import type { Ctx } from '../src/context.ts';
import { appSecret } from '../src/db/settings.ts';
import { startPasswordReset } from '../src/modules/accounts/service.ts';
import {
  baseUrl,
  call,
  expectError,
  freshPhone,
  registerAndLogin,
  registration,
  useTestApp,
  verifyPhone,
} from './helpers.ts';

const t = useTestApp();

const inbox = async (phone: string) =>
  (await (await fetch(`${baseUrl(t.app)}/sim/sms/inbox?phone=${phone}`)).json()) as Array<{ text: string }>;

/** The code of the newest SMS to the phone that carries this reference. */
async function codeSent(phone: string, ref: string): Promise<string> {
  const sms = (await inbox(phone)).find((m) => m.text.includes(ref));
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`no code with Ref ${ref} in ${phone}'s inbox`);
  return code;
}

let addressSeq = 0;
/** Each test its own address: the OTP sends of one address are limited. */
const newAddress = () => `198.19.7.${++addressSeq}`;

const forgot = (phoneNumber: string, remoteAddress = newAddress()) =>
  call(t.app, 'POST', '/api/account/forgot', { body: { phoneNumber }, remoteAddress });
const reset = (body: { otpToken: unknown; otpCode: string; newPassword: string }) =>
  call(t.app, 'POST', '/api/account/reset', { body });
const login = (
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  remoteAddress = '127.0.0.1',
) => call(t.app, 'POST', '/api/login', { body: { username, password, ...extra }, remoteAddress });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('forgot password', () => {
  it('[care] a code to the registered phone, a new password: every session ends, the new password logs in, the old does not', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const second = (await login(reg.username, reg.password)).body.token as string;
    const sent = await forgot(reg.username);
    expect(sent.status).toBe(200);
    expect(Object.keys(sent.body).sort()).toEqual(['expiresAt', 'otpRef', 'otpToken', 'resendAfterS']);
    const code = await codeSent(reg.username, sent.body.otpRef as string);

    expect(
      await reset({ otpToken: sent.body.otpToken, otpCode: code, newPassword: 'fresh start 42' }),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
    for (const old of [token, second])
      expectError(await call(t.app, 'GET', '/api/account/profile', { token: old }), 401, 'invalid-token');
    expectError(await login(reg.username, reg.password), 401, 'WRONG_CREDENTIAL');
    expect((await login(reg.username, 'fresh start 42')).body.token).toEqual(expect.any(String));
    // Used up.
    expectError(
      await reset({ otpToken: sent.body.otpToken, otpCode: code, newPassword: 'another one 43' }),
      400,
      'OTP_TOKEN_INVALID',
    );
  });

  it("[care] an unknown phone answers exactly as a member's, and no SMS is sent to it", async () => {
    const { reg } = await registerAndLogin(t.app);
    const stranger = freshPhone();
    const known = await forgot(reg.username);
    const unknown = await forgot(stranger);
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(unknown.body.resendAfterS).toBe(known.body.resendAfterS);
    expect(unknown.body.expiresAt).toBe(known.body.expiresAt);
    expect(unknown.body).not.toHaveProperty('code');
    expect(known.body).not.toHaveProperty('code');
    expect(await inbox(stranger)).toEqual([]);
    // The same limits too: a second send within the minute, then codes that are never right.
    expectError(await forgot(reg.username), 429, 'REQUEST_LIMIT_1MIN');
    expectError(await forgot(stranger), 429, 'REQUEST_LIMIT_1MIN');
    expectError(
      await reset({ otpToken: unknown.body.otpToken, otpCode: '123456', newPassword: 'fresh start 42' }),
      400,
      'OTP_CODE_INVALID',
    );
  });

  it('[care] a weak new password is refused without using up the code', async () => {
    const { reg } = await registerAndLogin(t.app);
    const sent = await forgot(reg.username);
    const code = await codeSent(reg.username, sent.body.otpRef as string);
    const otpToken = sent.body.otpToken;
    expectError(await reset({ otpToken, otpCode: code, newPassword: '12345678' }), 400, 'PASSWORD_TOO_WEAK');
    expectError(await reset({ otpToken, otpCode: code, newPassword: 'PassWord' }), 400, 'PASSWORD_TOO_WEAK');
    expectError(await reset({ otpToken, otpCode: code, newPassword: '        ' }), 400, 'PASSWORD_TOO_WEAK');
    expectError(await reset({ otpToken, otpCode: code, newPassword: 'short' }), 400, 'PASSWORD_TOO_SHORT');
    expectError(await login(reg.username, '12345678'), 401, 'WRONG_CREDENTIAL');
    expect((await reset({ otpToken, otpCode: code, newPassword: 'fresh start 42' })).status).toBe(200);
  });

  it('[care] wrong codes count and block (OTP_BLOCK); an old code is OTP_EXPIRED', async () => {
    const { reg } = await registerAndLogin(t.app);
    const sent = await forgot(reg.username);
    const code = await codeSent(reg.username, sent.body.otpRef as string);
    const body = { otpToken: sent.body.otpToken, otpCode: wrongCode(code), newPassword: 'fresh start 42' };
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) expectError(await reset(body), 400, 'OTP_CODE_INVALID');
    expectError(await reset(body), 429, 'OTP_BLOCK');
    expectError(await reset({ ...body, otpCode: code }), 429, 'OTP_BLOCK');

    t.clock.advance(60_000);
    const again = await forgot(reg.username);
    const code2 = await codeSent(reg.username, again.body.otpRef as string);
    t.clock.advance(OTP_TTL_S * 1000);
    expectError(
      await reset({ otpToken: again.body.otpToken, otpCode: code2, newPassword: 'fresh start 42' }),
      400,
      'OTP_EXPIRED',
    );
    expect((await login(reg.username, reg.password)).body.token).toEqual(expect.any(String));
  });

  it('[care] startPasswordReset sends the member the code of the same flow, with a link that carries its ticket', async () => {
    const { reg } = await registerAndLogin(t.app);
    const [member] = await t.db.query<{ id: string }>('select id::text as id from members where phone = $1', [
      reg.username,
    ]);
    const sent: Array<{ to: string; text: string }> = [];
    const ctx = {
      config: loadConfig({ SIMULATE: '1' }),
      db: t.db,
      clock: t.clock,
      secret: await appSecret(t.db, undefined),
      sms: { send: async (m: { to: string; text: string }) => void sent.push(m) },
      publicUrl: () => 'https://krapao.example',
    } as unknown as Ctx;
    const ticket = await startPasswordReset(ctx, member!.id, { ip: '192.0.2.200', lang: 'en' });
    expect(ticket).not.toHaveProperty('code');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(reg.username);
    const link = new URL(/https:\S+/.exec(sent[0]!.text)![0]);
    expect(link.pathname).toBe('/forgot-password');
    expect(link.searchParams.get('token')).toBe(ticket.otpToken);
    const code = /\b(\d{6})\b/.exec(sent[0]!.text)![1]!;
    expect(
      (await reset({ otpToken: ticket.otpToken, otpCode: code, newPassword: 'fresh start 42' })).status,
    ).toBe(200);
    expect((await login(reg.username, 'fresh start 42')).body.token).toEqual(expect.any(String));
  });
});

describe('password strength', () => {
  it('[care] registration and change refuse common passwords, whatever their case, and whitespace alone: PASSWORD_TOO_WEAK', async () => {
    for (const password of ['12345678', 'password', 'PASSWORD', 'Qwerty123', '        ', 'iloveyou']) {
      const reg = registration({ password });
      expectError(
        await call(t.app, 'POST', '/api/account/validate', { body: { ...reg } }),
        400,
        'PASSWORD_TOO_WEAK',
      );
      await verifyPhone(t.app, reg.username);
      expectError(await call(t.app, 'POST', '/api/account', { body: reg }), 400, 'PASSWORD_TOO_WEAK');
    }
    const { reg, token } = await registerAndLogin(t.app);
    expectError(
      await call(t.app, 'PUT', '/api/account/changepwd', {
        token,
        body: { oldPassword: reg.password, newPassword: 'password1' },
      }),
      400,
      'PASSWORD_TOO_WEAK',
    );
    expect((await login(reg.username, reg.password)).body.token).toEqual(expect.any(String));
  });
});

describe('login past the per-account limit', () => {
  /** Strangers' wrong passwords from many addresses, up to the account's ceiling. */
  async function lockedByStrangers(username: string) {
    let failures = 0;
    for (let host = 1; failures < LOGIN_FAILURES_PER_ACCOUNT; host++) {
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_ADDRESS && failures < LOGIN_FAILURES_PER_ACCOUNT; i++) {
        expectError(
          await login(username, `botnet ${failures++}`, {}, `192.0.2.${host}`),
          401,
          'WRONG_CREDENTIAL',
        );
      }
    }
  }

  it('[LOG-3] the owner gets in with the right password and a code to the phone; a wrong password still fails, with or without a code', async () => {
    const { reg } = await registerAndLogin(t.app);
    await lockedByStrangers(reg.username);
    const home = '198.51.100.77';
    const asked = await login(reg.username, reg.password, {}, home);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      message: 'OTP_REQUIRED',
      otpRef: expect.any(String),
      otpToken: expect.any(String),
    });
    expect(asked.body).not.toHaveProperty('token');
    expect(asked.body).not.toHaveProperty('code');
    const code = await codeSent(reg.username, asked.body.otpRef as string);
    const otp = { otpToken: asked.body.otpToken, otpCode: code };

    expectError(await login(reg.username, 'not the password', otp, home), 401, 'WRONG_CREDENTIAL');
    expectError(
      await login(reg.username, reg.password, { ...otp, otpCode: wrongCode(code) }, home),
      400,
      'OTP_CODE_INVALID',
    );
    const opened = await login(reg.username, reg.password, otp, home);
    expect(opened.body.token).toEqual(expect.any(String));
    expect(
      (await call(t.app, 'GET', '/api/account/profile', { token: opened.body.token as string })).status,
    ).toBe(200);
    // The code is spent.
    expectError(await login(reg.username, reg.password, otp, home), 400, 'OTP_TOKEN_INVALID');
  });

  it('[LOG-3] a wrong password past the limit gets the same answer as the right one, but no SMS and no way in', async () => {
    const { reg } = await registerAndLogin(t.app);
    await lockedByStrangers(reg.username);
    const before = (await inbox(reg.username)).length;
    const wrong = await login(reg.username, 'a stranger guess', {}, '203.0.113.99');
    expect(wrong.status).toBe(200);
    expect(Object.keys(wrong.body).sort()).toEqual([
      'expiresAt',
      'message',
      'otpRef',
      'otpToken',
      'resendAfterS',
    ]);
    expect(wrong.body.message).toBe('OTP_REQUIRED');
    expect(await inbox(reg.username)).toHaveLength(before);
    expectError(
      await login(
        reg.username,
        'a stranger guess',
        { otpToken: wrong.body.otpToken, otpCode: '123456' },
        '203.0.113.99',
      ),
      400,
      'OTP_CODE_INVALID',
    );
    // The strangers' requests do not hold the owner's resend slot.
    const owner = await login(reg.username, reg.password, {}, '198.51.100.78');
    expect(owner.body.message).toBe('OTP_REQUIRED');
    expect(await inbox(reg.username)).toHaveLength(before + 1);
  });
});
