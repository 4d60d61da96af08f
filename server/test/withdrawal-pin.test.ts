// Member care: a withdrawal PIN, once set, is asked before money leaves or the payout account moves.
import { describe, expect, it } from 'vitest';
import { PIN_BLOCK_MINUTES } from '@krapao/contract';
import {
  bankTransfer,
  call,
  expectError,
  expectLedgerSound,
  freshAccountNo,
  newKey,
  registerAndLogin,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';

const t = useTestApp();

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

const setPin = (m: Member, body: Record<string, unknown>) =>
  call(t.app, 'PUT', '/api/account/pin', { token: m.token, body: { password: m.reg.password, ...body } });
const pinStatus = async (m: Member) =>
  (await call(t.app, 'GET', '/api/account/pin', { token: m.token })).body;
const withdrawWithPin = (m: Member, amount: number, pin?: string) =>
  call(t.app, 'POST', '/api/wallet/withdraw', {
    token: m.token,
    body: pin === undefined ? { amount } : { amount, pin },
    headers: { 'idempotency-key': newKey() },
  });

async function memberWithPin(amount = 1_000, pin = '482915') {
  const m = await registerAndLogin(t.app);
  if (amount) await bankTransfer(t.app, m.reg, amount);
  expect((await setPin(m, { pin })).body).toEqual({ set: true, blockedUntil: null });
  return m;
}

describe('withdrawal PIN', () => {
  it('[care] a member without a PIN withdraws as before, with or without a pin field', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 500);
    expect(await pinStatus(m)).toEqual({ set: false, blockedUntil: null });
    expect((await withdraw(t.app, m.token, 100)).status).toBe(200);
    expect((await withdrawWithPin(m, 100, '000001')).status).toBe(200);
    expect(await walletAmount(t.app, m.token)).toBe(300);
  });

  it('[care] setting a PIN asks for the password and a six-digit PIN no one would guess first', async () => {
    const m = await registerAndLogin(t.app);
    expectError(await setPin(m, { pin: '12345' }), 400, 'PIN_FORMAT');
    expectError(await setPin(m, { pin: '12a456' }), 400, 'PIN_FORMAT');
    expectError(await setPin(m, { pin: '111111' }), 400, 'PIN_TOO_SIMPLE');
    expectError(await setPin(m, { pin: '654321' }), 400, 'PIN_TOO_SIMPLE');
    expectError(await setPin(m, { pin: '482915', password: 'not-the-password' }), 400, 'WRONG_PASSWORD');
    expect(await pinStatus(m)).toEqual({ set: false, blockedUntil: null });
    expect((await setPin(m, { pin: '482915' })).status).toBe(200);
    expect(await pinStatus(m)).toEqual({ set: true, blockedUntil: null });
  });

  it('[care] with a PIN a withdrawal without it is PIN_REQUIRED, a wrong one PIN_WRONG, both moving nothing; the right one pays', async () => {
    const m = await memberWithPin(1_000);
    expectError(await withdrawWithPin(m, 300), 400, 'PIN_REQUIRED');
    expectError(await withdrawWithPin(m, 300, '000001'), 400, 'PIN_WRONG');
    expectError(await withdrawWithPin(m, 300, 'nonsense'), 400, 'PIN_WRONG');
    expect(await walletAmount(t.app, m.token)).toBe(1_000);
    const paid = await withdrawWithPin(m, 300, '482915');
    expect(paid.body).toMatchObject({ amount: 300, balance: 700 });
    expect(await walletAmount(t.app, m.token)).toBe(700);
    await expectLedgerSound(t.db);
  });

  it('[care] withdrawAll takes the PIN too', async () => {
    const m = await memberWithPin(800);
    const all = (pin?: string) =>
      call(t.app, 'POST', '/api/wallet/withdrawAll', {
        token: m.token,
        body: pin === undefined ? { amount: 800 } : { amount: 800, pin },
        headers: { 'idempotency-key': newKey() },
      });
    expectError(await all(), 400, 'PIN_REQUIRED');
    expectError(await all('999999'), 400, 'PIN_WRONG');
    expect(await walletAmount(t.app, m.token)).toBe(800);
    expect((await all('482915')).body).toMatchObject({ amount: 800, balance: 0 });
    await expectLedgerSound(t.db);
  });

  it(`[care] five wrong PINs block every try, the right one too, for ${PIN_BLOCK_MINUTES} minutes; a right PIN before that clears the count`, async () => {
    const m = await memberWithPin(1_000);
    for (let i = 0; i < 4; i++) expectError(await withdrawWithPin(m, 100, '000001'), 400, 'PIN_WRONG');
    expect((await withdrawWithPin(m, 100, '482915')).status).toBe(200);

    for (let i = 0; i < 5; i++) expectError(await withdrawWithPin(m, 100, '000001'), 400, 'PIN_WRONG');
    const blocked = await withdrawWithPin(m, 100, '482915');
    expectError(blocked, 429, 'PIN_BLOCK');
    const status = await pinStatus(m);
    expect(new Date(status.blockedUntil as string).getTime()).toBe(
      t.clock.now().getTime() + PIN_BLOCK_MINUTES * 60_000,
    );
    t.clock.advance(PIN_BLOCK_MINUTES * 60_000 - 1_000);
    expectError(await withdrawWithPin(m, 100, '482915'), 429, 'PIN_BLOCK');
    expect(await walletAmount(t.app, m.token)).toBe(900);

    t.clock.advance(1_000);
    expect((await withdrawWithPin(m, 100, '482915')).body).toMatchObject({ balance: 800 });
    expect(await pinStatus(m)).toEqual({ set: true, blockedUntil: null });
    await expectLedgerSound(t.db);
  });

  it('[care] twenty wrong PINs at once get five checks: the rest, and then the right PIN, answer PIN_BLOCK', async () => {
    const m = await memberWithPin(1_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => withdrawWithPin(m, 100, String(100_000 + i * 37))),
    );
    const codes = answers.map((a) => a.body.message);
    expect(codes.filter((c) => c === 'PIN_WRONG')).toHaveLength(5);
    expect(codes.filter((c) => c === 'PIN_BLOCK')).toHaveLength(15);
    expectError(await withdrawWithPin(m, 100, '482915'), 429, 'PIN_BLOCK');
    expect(await walletAmount(t.app, m.token)).toBe(1_000);
  });

  it('[care] changing the PIN needs the password and the current PIN; the old PIN then stops working', async () => {
    const m = await memberWithPin(500);
    expectError(await setPin(m, { pin: '730264' }), 400, 'PIN_REQUIRED');
    expectError(await setPin(m, { pin: '730264', currentPin: '000001' }), 400, 'PIN_WRONG');
    expectError(
      await setPin(m, { pin: '730264', currentPin: '482915', password: 'not-the-password' }),
      400,
      'WRONG_PASSWORD',
    );
    expect((await setPin(m, { pin: '730264', currentPin: '482915' })).status).toBe(200);
    expectError(await withdrawWithPin(m, 100, '482915'), 400, 'PIN_WRONG');
    expect((await withdrawWithPin(m, 100, '730264')).status).toBe(200);
  });

  it('[care] a payout-account change of a member with a PIN needs it; a name change does not', async () => {
    // Registration needs the OTP; the change is then made with the password alone (OTP off).
    const m = await memberWithPin(0);
    await t.db.query(
      `insert into settings (key, value) values ('site.registerOTP', 'false')
       on conflict (key) do update set value = excluded.value`,
    );
    try {
      const change = (extra: Record<string, unknown>) =>
        call(t.app, 'PUT', '/api/account/profile', {
          token: m.token,
          body: {
            name: m.reg.name,
            bankCode: 'SCB',
            bankAccountName: m.reg.bankAccountName,
            bankAccountNo: freshAccountNo(),
            currentPassword: m.reg.password,
            ...extra,
          },
        });
      expectError(await change({}), 400, 'PIN_REQUIRED');
      expectError(await change({ pin: '000001' }), 400, 'PIN_WRONG');
      const profile = await call(t.app, 'GET', '/api/account/profile', { token: m.token });
      expect(profile.body.bankCode).toBe(m.reg.bankCode);
      const renamed = await call(t.app, 'PUT', '/api/account/profile', {
        token: m.token,
        body: {
          name: 'Another Name',
          bankCode: m.reg.bankCode,
          bankAccountName: m.reg.bankAccountName,
          bankAccountNo: m.reg.bankAccountNo,
        },
      });
      expect(renamed.status).toBe(200);
      const changed = await change({ pin: '482915' });
      expect(changed.status).toBe(200);
      expect(changed.body.bankCode).toBe('SCB');
    } finally {
      await t.db.query(`update settings set value = 'true' where key = 'site.registerOTP'`);
    }
  });

  it('[care] clearWithdrawalPin (for the forgot-password reset) lets the member withdraw without a PIN again', async () => {
    const { clearWithdrawalPin } = await import('../src/modules/accounts/service.ts');
    const m = await memberWithPin(500);
    const [row] = await t.db.query<{ id: string }>(
      'select id::text as id from members where public_id = $1',
      [m.id],
    );
    await clearWithdrawalPin(t.db, row!.id);
    expect(await pinStatus(m)).toEqual({ set: false, blockedUntil: null });
    expect((await withdraw(t.app, m.token, 100)).status).toBe(200);
  });
});
