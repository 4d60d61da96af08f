import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../src/db/seed.ts';
import {
  call,
  expectError,
  freshAccountNo,
  makeApp,
  registration,
  useTestApp,
  verifyPhone,
  type TestApp,
} from './helpers.ts';

const t = useTestApp();

const register = (body: unknown) => call(t.app, 'POST', '/api/account', { body });
const validate = (body: unknown) => call(t.app, 'POST', '/api/account/validate', { body });

describe('registration', () => {
  it('[REG-7] registers a member whose phone was verified, and the OTP cannot be used twice', async () => {
    const reg = registration();
    await verifyPhone(t.app, reg.username);
    const res = await register(reg);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: expect.stringMatching(/^[A-Z0-9]{6}$/), username: reg.username });
    // Same phone again: taken. A different phone reusing nothing: needs its own OTP.
    expectError(await register(reg), 409, 'EXISTING_USER');
    expectError(await register(registration()), 400, 'UNVERIFIED_OTP');
  });

  it('[REG-7] refuses without a verified OTP when OTP is on (UNVERIFIED_OTP), and changes nothing', async () => {
    const reg = registration();
    expectError(await register(reg), 400, 'UNVERIFIED_OTP');
    expect(await t.db.query('select 1 from members where phone = $1', [reg.username])).toHaveLength(0);
  });

  it('[REG-7] refuses a used bank account (EXISTING_BANK) and an unknown bank (INVALID_BANK)', async () => {
    const first = registration();
    await verifyPhone(t.app, first.username);
    expect((await register(first)).status).toBe(200);
    const second = registration({ bankAccountNo: first.bankAccountNo });
    await verifyPhone(t.app, second.username);
    expectError(await register(second), 409, 'EXISTING_BANK');
    expectError(
      await register({ ...second, bankAccountNo: freshAccountNo(), bankCode: 'NOPE' }),
      400,
      'INVALID_BANK',
    );
    // A Lao bank is not offered in a Thai build.
    expectError(
      await register({ ...second, bankAccountNo: freshAccountNo(), bankCode: 'BCEL' }),
      400,
      'INVALID_BANK',
    );
  });

  it('[REG-2] refuses a phone that is not 10 digits with PHONE_NUMBER_REQUIRE_10_DIGIT', async () => {
    expectError(
      await validate(registration({ username: '081234567' })),
      400,
      'PHONE_NUMBER_REQUIRE_10_DIGIT',
    );
    expectError(
      await register(registration({ username: '08123456789' })),
      400,
      'PHONE_NUMBER_REQUIRE_10_DIGIT',
    );
  });

  it('[REG-4] name, phone and password are required; a password under 8 characters is refused', async () => {
    const { name: _n, ...noName } = registration();
    expectError(await validate(noName), 400, 'INVALID_REQUEST');
    expectError(await validate(registration({ name: '   ' })), 400, 'INVALID_REQUEST');
    expectError(await validate(registration({ password: '' })), 400, 'INVALID_REQUEST');
    expectError(await validate(registration({ password: 'short7!' })), 400, 'PASSWORD_TOO_SHORT');
  });

  it('[REG-5] validate checks step 3 without the bank data, and the bank data when it comes', async () => {
    const { bankCode: _b, bankAccountName: _a, bankAccountNo: _c, ...step3 } = registration();
    expect(await validate(step3)).toEqual({ status: 200, body: { ok: true } });
    expectError(await validate({ ...step3, username: DEMO_MEMBER.phone }), 409, 'EXISTING_USER');
    expectError(await validate({ ...step3, sourceCode: 'NOWHERE' }), 400, 'INVALID_SOURCE');
    expectError(await validate({ ...step3, inviteCode: 'PRZZZZZZ' }), 400, 'INVALID_INVITE_CODE');
    expectError(
      await validate({ ...step3, bankCode: 'KBANK', bankAccountName: 'A B', bankAccountNo: '12ab' }),
      400,
      'INVALID_BANK_ACCOUNT_NO',
    );
  });

  it('[REG-6] KTB, TMB and BBL need an English holder name (BANK_ACCOUNT_NAME_ENG); names are upper-cased', async () => {
    for (const bankCode of ['KTB', 'TMB', 'BBL']) {
      expectError(
        await validate(registration({ bankCode, bankAccountName: 'สมชาย ใจดี' })),
        400,
        'BANK_ACCOUNT_NAME_ENG',
      );
    }
    // A Thai name is fine at other banks.
    const thai = registration({ bankCode: 'SCB', bankAccountName: 'สมชาย ใจดี' });
    expect((await validate(thai)).status).toBe(200);
    const reg = registration({ bankCode: 'KTB', bankAccountName: '  somchai   jaidee ' });
    await verifyPhone(t.app, reg.username);
    expect((await register(reg)).status).toBe(200);
    const [row] = await t.db.query<{ bank_account_name: string }>(
      'select bank_account_name from members where phone = $1',
      [reg.username],
    );
    expect(row?.bank_account_name).toBe('SOMCHAI JAIDEE');
  });

  it('[REG-7] an invite code PR<id> links the new member to the inviter', async () => {
    const reg = registration({ inviteCode: 'PRDEMO01' });
    await verifyPhone(t.app, reg.username);
    expect((await register(reg)).status).toBe(200);
    const [row] = await t.db.query<{ inviter: string }>(
      'select i.public_id as inviter from members m join members i on i.id = m.invited_by where m.phone = $1',
      [reg.username],
    );
    expect(row?.inviter).toBe('DEMO01');
  });

  it('[SH-3] a Thai build registers in baht and refuses LAK', async () => {
    expectError(await validate(registration({ currency: 'LAK' })), 400, 'INVALID_USER_INFO');
  });

  it('[REG-7] two registrations of the same phone at once: exactly one succeeds', async () => {
    const reg = registration();
    await verifyPhone(t.app, reg.username);
    const answers = await Promise.all([register(reg), register({ ...reg, bankAccountNo: freshAccountNo() })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await t.db.query('select 1 from members where phone = $1', [reg.username])).toHaveLength(1);
  });
});

describe('registration without OTP, in a Laos build', () => {
  let la: TestApp;
  beforeAll(async () => {
    la = await makeApp({ REGION: 'la', OTP: 'off' });
  });
  afterAll(() => la.close());

  it('[REG-3] with OTP off the lookup says so and registration needs no code', async () => {
    expect((await call(la.app, 'GET', '/api/lookup/registerOTP')).body).toEqual({ enabled: false });
    const res = await call(la.app, 'POST', '/api/account', {
      body: registration({ username: '02055519876', bankCode: 'BCEL', currency: 'LAK' }),
    });
    expect(res.status).toBe(200);
  });

  it('[REG-2] [SH-3] a Laos build takes phones of other lengths and defaults the currency to LAK', async () => {
    const phone = '2055512';
    const res = await call(la.app, 'POST', '/api/account', {
      body: registration({ username: phone, bankCode: 'LDB', currency: undefined }),
    });
    expect(res.status).toBe(200);
    const [row] = await la.db.query<{ currency: string }>('select currency from members where phone = $1', [
      phone,
    ]);
    expect(row?.currency).toBe('LAK');
  });

  it('[REG-2] still refuses a phone with letters', async () => {
    const res = await call(la.app, 'POST', '/api/account', {
      body: registration({ username: '02055x12345' }),
    });
    expectError(res, 400, 'INVALID_REQUEST');
  });
});
