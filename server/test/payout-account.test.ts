// PRO-3: a stolen token is not enough to move the payout account, and withdrawals to a newly changed
// account wait for the operator.
import { describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, OTP_TTL_S } from '@krapao/contract';
import {
  bankTransfer,
  baseUrl,
  call,
  eventually,
  expectError,
  expectLedgerSound,
  freshAccountNo,
  login,
  registerAndLogin,
  useTestApp,
  withdraw,
  withdrawalStatus,
} from './helpers.ts';

const OPS = 'operator-token-for-tests';
const t = useTestApp({ OPS_TOKEN: OPS });

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

const profile = async (token: string) => (await call(t.app, 'GET', '/api/account/profile', { token })).body;
const update = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'PUT', '/api/account/profile', { token, body });
const askCode = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/account/bankChange/otp', { token, body });
const inbox = async (phone: string) =>
  (await (await fetch(`${baseUrl(t.app)}/sim/sms/inbox?phone=${phone}`)).json()) as Array<{ text: string }>;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** The member's own data with a new account at SCB. */
const newAccount = (m: Member, extra: Record<string, unknown> = {}) => ({
  name: m.reg.name,
  bankCode: 'SCB',
  bankAccountName: m.reg.bankAccountName,
  bankAccountNo: freshAccountNo(),
  ...extra,
});

/** Asks for the code (password first) and changes the account with it. */
async function changeAccount(m: Member, extra: Record<string, unknown> = {}) {
  const sent = await askCode(m.token, { currentPassword: m.reg.password, ...extra });
  expect(sent.status).toBe(200);
  const body = newAccount(m, {
    currentPassword: m.reg.password,
    otpToken: sent.body.otpToken,
    otpCode: sent.body.code,
    ...extra,
  });
  const res = await update(m.token, body);
  expect(res.status).toBe(200);
  return body;
}

async function setSetting(key: string, value: unknown) {
  await t.db.query(
    `insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
    [key, JSON.stringify(value)],
  );
}

describe('changing the payout account', () => {
  it('[PRO-3] without the current password the bank account is not changed (PASSWORD_REQUIRED)', async () => {
    const m = await registerAndLogin(t.app);
    const before = await profile(m.token);
    expectError(await update(m.token, newAccount(m)), 400, 'PASSWORD_REQUIRED');
    expectError(
      await update(m.token, { ...newAccount(m), bankCode: m.reg.bankCode }),
      400,
      'PASSWORD_REQUIRED',
    );
    expect(await profile(m.token)).toEqual(before);
  });

  it('[PRO-3] a wrong current password is WRONG_PASSWORD and changes nothing, sends nothing', async () => {
    const m = await registerAndLogin(t.app);
    const before = await profile(m.token);
    const texts = (await inbox(m.reg.username)).length;
    expectError(
      await update(m.token, newAccount(m, { currentPassword: 'not my password' })),
      400,
      'WRONG_PASSWORD',
    );
    expectError(await askCode(m.token, { currentPassword: 'not my password' }), 400, 'WRONG_PASSWORD');
    expect(await profile(m.token)).toEqual(before);
    expect(await inbox(m.reg.username)).toHaveLength(texts);
  });

  it('[PRO-3] [trust-1] wrong passwords here count toward the change-password attempt limit', async () => {
    const m = await registerAndLogin(t.app);
    const wrong = { currentPassword: 'not my password' };
    for (let i = 0; i < 3; i++) expectError(await askCode(m.token, wrong), 400, 'WRONG_PASSWORD');
    for (let i = 0; i < 2; i++)
      expectError(await update(m.token, newAccount(m, wrong)), 400, 'WRONG_PASSWORD');
    const changePassword = (oldPassword: string) =>
      call(t.app, 'PUT', '/api/account/changepwd', {
        token: m.token,
        body: { oldPassword, newPassword: 'brand new pass' },
      });
    expectError(await changePassword(m.reg.password), 429, 'REQUEST_LIMIT');
    expectError(await askCode(m.token, { currentPassword: m.reg.password }), 429, 'REQUEST_LIMIT');
    expectError(
      await update(m.token, newAccount(m, { currentPassword: m.reg.password })),
      429,
      'REQUEST_LIMIT',
    );
    t.clock.advance(15 * 60_000);
    const token = await login(t.app, m.reg.username, m.reg.password);
    expect((await askCode(token, { currentPassword: m.reg.password })).status).toBe(200);
  });

  it('[PRO-3] the name and the holder name alone change without a password', async () => {
    const m = await registerAndLogin(t.app);
    const res = await update(m.token, {
      name: 'Renamed Member',
      bankCode: m.reg.bankCode,
      bankAccountName: 'renamed member',
      bankAccountNo: m.reg.bankAccountNo,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed Member',
      bankAccountName: 'RENAMED MEMBER',
      bankCode: m.reg.bankCode,
      bankAccountNo: m.reg.bankAccountNo,
    });
  });

  it('[PRO-3] with OTP on, the change needs a code sent to the registered phone, good once, for this member only', async () => {
    const m = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const before = await profile(m.token);
    const target = newAccount(m, { currentPassword: m.reg.password });
    expectError(await update(m.token, target), 400, 'UNVERIFIED_OTP');

    const sent = await askCode(m.token, { currentPassword: m.reg.password, lang: 'en' });
    expect(sent.status).toBe(200);
    const code = sent.body.code as string;
    const [sms] = await inbox(m.reg.username);
    expect(sms!.text).toContain(code);
    expect(sms!.text).toContain('change the bank account');
    expectError(await askCode(m.token, { currentPassword: m.reg.password }), 429, 'REQUEST_LIMIT_1MIN');

    const withCode = (otpCode: string) => ({ ...target, otpToken: sent.body.otpToken, otpCode });
    // Not a registration code, and not another member's.
    expectError(
      await call(t.app, 'POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode: code } }),
      400,
      'OTP_NOT_EXIST',
    );
    expectError(
      await update(other.token, {
        ...newAccount(other, { currentPassword: other.reg.password }),
        otpToken: sent.body.otpToken,
        otpCode: code,
      }),
      400,
      'OTP_NOT_EXIST',
    );
    expectError(await update(m.token, withCode(wrongCode(code))), 400, 'OTP_CODE_INVALID');
    expect(await profile(m.token)).toEqual(before);

    const done = await update(m.token, withCode(code));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ bankCode: 'SCB', bankAccountNo: target.bankAccountNo });
    expectError(
      await update(m.token, { ...withCode(code), bankAccountNo: freshAccountNo() }),
      400,
      'OTP_TOKEN_INVALID',
    );
  });

  it('[PRO-3] [REG-9] the change code follows the OTP rules: attempts then OTP_BLOCK, expiry', async () => {
    const m = await registerAndLogin(t.app);
    const target = newAccount(m, { currentPassword: m.reg.password });
    const sent = await askCode(m.token, { currentPassword: m.reg.password });
    const code = sent.body.code as string;
    const withCode = (otpCode: string) => ({ ...target, otpToken: sent.body.otpToken, otpCode });
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++)
      expectError(await update(m.token, withCode(wrongCode(code))), 400, 'OTP_CODE_INVALID');
    expectError(await update(m.token, withCode(wrongCode(code))), 429, 'OTP_BLOCK');
    expectError(await update(m.token, withCode(code)), 429, 'OTP_BLOCK');

    t.clock.advance(60_000);
    const again = await askCode(m.token, { currentPassword: m.reg.password });
    t.clock.advance(OTP_TTL_S * 1000);
    const token = await login(t.app, m.reg.username, m.reg.password);
    expectError(
      await update(token, { ...target, otpToken: again.body.otpToken, otpCode: again.body.code }),
      400,
      'OTP_EXPIRED',
    );
    expect(await profile(token)).toMatchObject({
      bankCode: m.reg.bankCode,
      bankAccountNo: m.reg.bankAccountNo,
    });
  });

  it('[PRO-3] with OTP off the password is enough; the member is told by SMS in their language, else the region default', async () => {
    const m = await registerAndLogin(t.app);
    await setSetting('site.registerOTP', false);
    try {
      const policy = await call(t.app, 'GET', '/api/account/bankChange', { token: m.token });
      expect(policy.body).toEqual({ otpRequired: false, holdHours: 24 });
      const lao = newAccount(m, { currentPassword: m.reg.password, lang: 'la' });
      expect((await update(m.token, lao)).status).toBe(200);
      const [notice] = await inbox(m.reg.username);
      expect(notice!.text).toContain('ບັນຊີຮັບເງິນຖອນ');
      expect(notice!.text).toContain(`SCB ລົງທ້າຍ ${lao.bankAccountNo.slice(-4)}`);
      expect(notice!.text).toContain('24 ຊົ່ວໂມງ');

      const thai = newAccount(m, { currentPassword: m.reg.password });
      expect((await update(m.token, thai)).status).toBe(200);
      const [second] = await inbox(m.reg.username);
      expect(second!.text).toContain(`บัญชีรับเงินถอนของคุณถูกเปลี่ยนเป็น SCB ลงท้าย ${thai.bankAccountNo.slice(-4)}`);
    } finally {
      await setSetting('site.registerOTP', true);
    }
  });

  it('[PRO-3] [issue 20] the notice names the bank ttb, as members see it, in every language (the code stays TMB)', async () => {
    const m = await registerAndLogin(t.app);
    await setSetting('site.registerOTP', false);
    try {
      for (const [lang, ending] of [
        ['th', 'ลงท้าย'],
        ['la', 'ລົງທ້າຍ'],
        ['en', 'ending'],
      ] as const) {
        const body = newAccount(m, { currentPassword: m.reg.password, bankCode: 'TMB', lang });
        expect((await update(m.token, body)).status).toBe(200);
        const [notice] = await inbox(m.reg.username);
        expect(notice!.text).toContain(`ttb ${ending} ${body.bankAccountNo.slice(-4)}`);
        expect(notice!.text).not.toContain('TMB');
      }
      expect(await profile(m.token)).toMatchObject({ bankCode: 'TMB' });
    } finally {
      await setSetting('site.registerOTP', true);
    }
  });

  it('[PRO-3] a withdrawal right after a change waits for the operator even with autoPayout; after the hold it is paid by itself', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1_000);
    const changed = await changeAccount(m, { lang: 'en' });
    const [notice] = await inbox(m.reg.username);
    expect(notice!.text).toContain(`changed to SCB ending ${changed.bankAccountNo.slice(-4)}`);
    expect(notice!.text).toContain('wait up to 24 h');

    const row = async (id: string) =>
      (
        await t.db.query<{ status: string; held_for: string | null; bank_account_no: string }>(
          'select status, held_for, bank_account_no from withdrawals where public_id = $1',
          [id],
        )
      )[0]!;
    const ops = (method: 'GET' | 'POST', url: string) =>
      call(t.app, method, url, { headers: { authorization: `Bearer ${OPS}` } });

    const held = await withdraw(t.app, m.token, 200);
    expect(held.body).toMatchObject({ status: 'PENDING' });
    const heldId = held.body.withdrawalId as string;
    // Only a withdrawal claimed for its payout (PROCESSING) is sent after the answer: the row says at once.
    expect(await row(heldId)).toEqual({
      status: 'PENDING',
      held_for: 'NEW_ACCOUNT',
      bank_account_no: changed.bankAccountNo,
    });
    // The reconciler sends PENDING withdrawals when payouts are automatic, but never a held one.
    t.clock.advance(60_000);
    await t.app.reconcilePayouts();
    expect((await row(heldId)).status).toBe('PENDING');
    const listed = (await ops('GET', '/api/ops/withdrawals?status=PENDING')).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(listed.find((w) => w.public_id === heldId)).toMatchObject({ held_for: 'NEW_ACCOUNT' });

    // Still within the hold, later: still held. The operator's approval pays it.
    t.clock.advance(23 * 3_600_000);
    let token = await login(t.app, m.reg.username, m.reg.password);
    const second = (await withdraw(t.app, token, 100)).body.withdrawalId as string;
    expect(await row(second)).toMatchObject({ status: 'PENDING', held_for: 'NEW_ACCOUNT' });
    expect((await ops('POST', `/api/ops/withdrawals/${heldId}/approve`)).body).toEqual({
      withdrawalId: heldId,
      status: 'PAID',
    });

    // After the hold, automatic payouts again.
    t.clock.advance(3_600_000);
    token = await login(t.app, m.reg.username, m.reg.password);
    const after = (await withdraw(t.app, token, 150)).body.withdrawalId as string;
    expect(
      await eventually(
        () => row(after),
        (r) => r.status === 'PAID',
      ),
    ).toMatchObject({ status: 'PAID', held_for: null });
    // The one made during the hold still waits for the operator.
    await t.app.reconcilePayouts();
    expect((await row(second)).status).toBe('PENDING');
    await expectLedgerSound(t.db);
  });

  it('[PRO-3] the hold is the operator setting withdraw.newAccountHoldHours, read per request (0 turns it off)', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 500);
    await changeAccount(m);
    await setSetting('withdraw.newAccountHoldHours', 0);
    try {
      expect((await call(t.app, 'GET', '/api/account/bankChange', { token: m.token })).body).toEqual({
        otpRequired: true,
        holdHours: 0,
      });
      const id = (await withdraw(t.app, m.token, 100)).body.withdrawalId as string;
      const status = () => withdrawalStatus(t.db, id);
      expect(await eventually(status, (s) => s === 'PAID')).toBe('PAID');
    } finally {
      await setSetting('withdraw.newAccountHoldHours', 24);
    }
  });
});
