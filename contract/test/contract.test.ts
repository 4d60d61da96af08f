import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  PART1_ERROR_CODES,
  PART2_ERROR_CODES,
  QR_QUICK_PICKS,
  formatBankAccountNo,
  isBankAccountNo,
  isEnglishName,
  isErrorCode,
  isTenDigitPhone,
  needsEnglishName,
  accounts,
  registrationSchema,
} from '../src/index.ts';

describe('contract', () => {
  it('[ERR-2] the catalogue holds every code of part1 §8 and part2 §8 exactly once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ['EXISTING_USER', 'OTP_BLOCK', 'PHONE_NUMBER_REQUIRE_10_DIGIT', 'TRUELINK_INVALID']) {
      expect(PART1_ERROR_CODES).toContain(code);
    }
    for (const code of ['BONUS_FULL', 'REFUND_MINIMUM', 'COUPON_EXPIRED'])
      expect(PART2_ERROR_CODES).toContain(code);
    expect(isErrorCode('gone')).toBe(true);
    expect(isErrorCode('SOMETHING_ELSE')).toBe(false);
  });

  it('[PRO-1] formats a 10-digit account number 3-3-rest and leaves others alone', () => {
    expect(formatBankAccountNo('1234567890')).toBe('123-456-7890');
    expect(formatBankAccountNo('123456789012')).toBe('123456789012');
  });

  it('[REG-2] the 10-digit phone rule', () => {
    expect(isTenDigitPhone('0812345678')).toBe(true);
    expect(isTenDigitPhone('081234567')).toBe(false);
    expect(isTenDigitPhone('08123456789')).toBe(false);
  });

  it('[REG-6] KTB, TMB and BBL need English names of A-Z and spaces', () => {
    expect(needsEnglishName('KTB') && needsEnglishName('TMB') && needsEnglishName('BBL')).toBe(true);
    expect(needsEnglishName('KBANK')).toBe(false);
    expect(isEnglishName('SOMCHAI JAIDEE')).toBe(true);
    expect(isEnglishName('สมชาย')).toBe(false);
    expect(isEnglishName('somchai')).toBe(false);
    expect(isBankAccountNo('1234567890')).toBe(true);
    expect(isBankAccountNo('12-34')).toBe(false);
  });

  it('[REG-7] the registration payload upper-cases and squeezes the holder name', () => {
    const parsed = registrationSchema.parse({
      name: ' Somchai ',
      username: '0812345678',
      password: 'secret-pass',
      bankCode: 'KBANK',
      bankAccountName: ' somchai   jaidee ',
      bankAccountNo: '1234567890',
    });
    expect(parsed.bankAccountName).toBe('SOMCHAI JAIDEE');
    expect(parsed.name).toBe('Somchai');
    expect(parsed.sourceCode).toBe('');
  });

  it('[LOG-1] login needs username and password; remember defaults to false', () => {
    expect(accounts.loginSchema.safeParse({ username: '', password: 'x' }).success).toBe(false);
    expect(accounts.loginSchema.parse({ username: '0812345678', password: 'x' }).isRemember).toBe(false);
  });

  it('[LK-1] quick picks per QR provider follow part1 §9', () => {
    expect(QR_QUICK_PICKS.KBANK).toEqual([10, 20, 50, 100, 500, 1000]);
    expect(QR_QUICK_PICKS.WW).toEqual([100, 200, 300, 500, 1000]);
  });
});
