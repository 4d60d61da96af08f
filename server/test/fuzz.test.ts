// Property-based: malformed bodies on every endpoint of the foundation always get a 4xx with a code from
// the contract's catalogue, never a 500.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, isErrorCode, otp } from '@krapao/contract';
import { DEMO_MEMBER } from '../src/db/seed.ts';
import { login, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeApp();
  token = await login(t.app, DEMO_MEMBER.phone, DEMO_MEMBER.password);
});
afterAll(() => t.close());

const endpoints = [
  accounts.validateRegistration,
  accounts.register,
  accounts.login,
  accounts.updateProfile,
  accounts.updateBankAccountName,
  accounts.changePassword,
  otp.sendOtp,
  otp.verifyOtp,
];

/** Objects with the endpoint's own field names, filled with the wrong kinds of things. */
const wrongValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 300 }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constantFrom('', ' ', '0'.repeat(5000), '\u0000', 'สมชาย', '<script>', "' or 1=1 --"),
);
const fieldNames = [
  'name',
  'username',
  'password',
  'sourceCode',
  'inviteCode',
  'bankCode',
  'bankAccountName',
  'bankAccountNo',
  'currency',
  'isRemember',
  'oldPassword',
  'newPassword',
  'phoneNumber',
  'otpToken',
  'otpCode',
  '__proto__',
  'constructor',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), wrongValue, { maxKeys: 8 }),
  fc.jsonValue(),
  fc.string({ maxLength: 200 }),
);

describe('malformed input', () => {
  for (const e of endpoints) {
    it(`[ERR-1] ${e.method} ${e.path} answers malformed bodies with a 4xx known code, never a 500`, async () => {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (payload, asText) => {
          const res = await t.app.inject({
            method: e.method,
            url: e.path,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            payload: asText ? String(JSON.stringify(payload)).slice(0, -1) : JSON.stringify(payload),
          });
          // A random body may happen to be valid (200); what must never happen is a 5xx or an unknown code.
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) expect(isErrorCode(JSON.parse(res.body).message)).toBe(true);
        }),
        { numRuns: 60 },
      );
    });
  }
});
