import { describe, expect, it } from 'vitest';
import { profileSchema } from '@krapao/contract';
import { call, expectError, freshAccountNo, login, useTestApp, registerAndLogin } from './helpers.ts';

const t = useTestApp();

describe('profile', () => {
  it('[PRO-1] shows name, id, created date, username, holder name, bank names and number', async () => {
    const { reg, token, id } = await registerAndLogin(t.app, { name: 'Malee Sukjai', bankCode: 'SCB' });
    const res = await call(t.app, 'GET', '/api/account/profile', { token });
    expect(res.status).toBe(200);
    const p = profileSchema.parse(res.body);
    expect(p).toMatchObject({
      _id: id,
      name: 'Malee Sukjai',
      username: reg.username,
      bankCode: 'SCB',
      bankAccountName: 'TEST MEMBER',
      bankAccountNo: reg.bankAccountNo,
      bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
      currency: 'BAHT',
      coin: 0,
    });
    expect(Date.parse(p.createdAt)).not.toBeNaN();
  });

  it('[PRO-3] edits name and bank account, with the same checks as registration', async () => {
    const { token } = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const update = (body: unknown) => call(t.app, 'PUT', '/api/account/profile', { token, body });
    const accountNo = freshAccountNo();
    // A new payout account needs the password and a code to the registered phone (payout-account.test.ts).
    const code = await call(t.app, 'POST', '/api/account/bankChange/otp', {
      token,
      body: { currentPassword: 'correct horse 1' },
    });
    const ok = await update({
      name: 'New Name',
      bankCode: 'BBL',
      bankAccountName: 'new name',
      bankAccountNo: accountNo,
      currentPassword: 'correct horse 1',
      otpToken: code.body.otpToken,
      otpCode: code.body.code,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      name: 'New Name',
      bankCode: 'BBL',
      bankAccountName: 'NEW NAME',
      bankAccountNo: accountNo,
    });
    expectError(
      await update({ name: 'X', bankCode: 'BBL', bankAccountName: 'ชื่อไทย', bankAccountNo: accountNo }),
      400,
      'BANK_ACCOUNT_NAME_ENG',
    );
    expectError(
      await update({
        name: 'X',
        bankCode: other.reg.bankCode,
        bankAccountName: 'X',
        bankAccountNo: other.reg.bankAccountNo,
      }),
      409,
      'EXISTING_BANK',
    );
    // Nothing changed by the refusals.
    expect((await call(t.app, 'GET', '/api/account/profile', { token })).body).toMatchObject({
      name: 'New Name',
    });
  });

  it('[PRO-4] [PRO-5] the holder name edit takes English letters only and upper-cases them', async () => {
    const { token } = await registerAndLogin(t.app, { bankCode: 'SCB', bankAccountName: 'มาลี สุขใจ' });
    const put = (body: unknown) => call(t.app, 'PUT', '/api/account/bankAccountName', { token, body });
    expectError(await put({ bankCode: 'SCB', bankAccountName: 'มาลี' }), 400, 'BANK_ACCOUNT_NAME_ENG');
    expectError(await put({ bankCode: 'SCB', bankAccountName: 'MALEE 2' }), 400, 'BANK_ACCOUNT_NAME_ENG');
    expectError(await put({ bankCode: 'SCB', bankAccountName: '' }), 400, 'INVALID_REQUEST');
    expectError(await put({ bankCode: 'KTB', bankAccountName: 'MALEE' }), 400, 'INVALID_BANK');
    const ok = await put({ bankCode: 'SCB', bankAccountName: 'malee sukjai' });
    expect(ok.body).toMatchObject({ bankAccountName: 'MALEE SUKJAI' });
  });

  it('[PRO-2] changes the password: the old one is checked, other sessions end, the new one logs in', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const otherDevice = await login(t.app, reg.username, reg.password);
    const change = (body: unknown) => call(t.app, 'PUT', '/api/account/changepwd', { token, body });
    expectError(
      await change({ oldPassword: 'not it at all', newPassword: 'brand new pass' }),
      400,
      'WRONG_PASSWORD',
    );
    expectError(await change({ oldPassword: reg.password, newPassword: 'short' }), 400, 'PASSWORD_TOO_SHORT');
    expectError(await change({ oldPassword: reg.password, newPassword: reg.password }), 400, 'PASSWORD_SAME');
    expectError(await change({ oldPassword: reg.password }), 400, 'INVALID_REQUEST');
    expect((await change({ oldPassword: reg.password, newPassword: 'brand new pass' })).body).toEqual({
      ok: true,
    });
    expect((await call(t.app, 'GET', '/api/account/profile', { token })).status).toBe(200);
    expectError(
      await call(t.app, 'GET', '/api/account/profile', { token: otherDevice }),
      401,
      'invalid-token',
    );
    expectError(
      await call(t.app, 'POST', '/api/login', { body: { username: reg.username, password: reg.password } }),
      401,
      'WRONG_CREDENTIAL',
    );
    expect(await login(t.app, reg.username, 'brand new pass')).toBeTruthy();
  });
});
