// The checks registration and profile changes share (REG-2, REG-4, REG-6, PRO-2, PRO-4), enforced here
// as well as in the browser.
import {
  isBankAccountNo,
  isEnglishName,
  isTenDigitPhone,
  needsEnglishName,
  PASSWORD_MIN_LENGTH,
  type Currency,
  type Region,
} from '@krapao/contract';
import type { Queryable } from '../../db/db.ts';
import commonPasswords from './common-passwords.json' with { type: 'json' };
import { AppError } from '../../errors.ts';

export function checkPhone(phone: string, region: Region) {
  // REG-2: exactly 10 digits, not enforced in a Laos build.
  if (region === 'th' && !isTenDigitPhone(phone)) throw new AppError('PHONE_NUMBER_REQUIRE_10_DIGIT');
}

/**
 * ASVS 6.2.1 and 6.2.4 (NIST 800-63B 3.1.1.2): at least PASSWORD_MIN_LENGTH characters, not whitespace
 * alone, and none of the passwords attackers try first (common-passwords.json: the best-known common
 * passwords, digit and keyboard runs, words and names with the endings and years people add, written
 * from knowledge rather than a leaked list), whatever its letters' case. On registration, change and reset.
 */
export function checkPassword(password: string) {
  if ([...password].length < PASSWORD_MIN_LENGTH) throw new AppError('PASSWORD_TOO_SHORT');
  if (!password.trim() || COMMON_PASSWORDS.has(password.toLowerCase()))
    throw new AppError('PASSWORD_TOO_WEAK');
}
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(commonPasswords);

/**
 * Checks bank, holder name and number; answers the bank's names for the profile. With the wallet's
 * currency, the bank must pay out in it: kip to a Lao bank, baht to a Thai one.
 */
export async function checkBankAccount(
  q: Queryable,
  region: Region,
  bank: { bankCode: string; bankAccountName: string; bankAccountNo: string },
  ownMemberId?: string,
  currency?: Currency,
): Promise<void> {
  const [known] = await q.query<{ country: string }>(
    'select country from banks where code = $1 and not is_payment',
    [bank.bankCode],
  );
  // A Thai build takes Thai banks only; a Laos build takes both (members often bank across the river).
  if (!known || (region === 'th' && known.country !== 'TH')) throw new AppError('INVALID_BANK');
  if (currency && known.country !== BANK_COUNTRY_OF_CURRENCY[currency]) throw new AppError('INVALID_BANK');
  // REG-6: KTB, TMB and BBL need the holder name in English letters.
  if (needsEnglishName(bank.bankCode) && !isEnglishName(bank.bankAccountName)) {
    throw new AppError('BANK_ACCOUNT_NAME_ENG');
  }
  if (!isBankAccountNo(bank.bankAccountNo)) throw new AppError('INVALID_BANK_ACCOUNT_NO');
  const taken = await q.query(
    'select 1 from members where bank_code = $1 and bank_account_no = $2 and ($3::bigint is null or id <> $3)',
    [bank.bankCode, bank.bankAccountNo, ownMemberId ?? null],
  );
  if (taken.length) throw new AppError('EXISTING_BANK', 409);
}

/** A member's wallet currency, fixed at registration: everything the member does happens in it. */
export async function memberCurrency(q: Queryable, memberId: string): Promise<Currency> {
  const [m] = await q.query<{ currency: Currency }>('select currency from members where id = $1', [memberId]);
  if (!m) throw new Error(`no member ${memberId}`);
  return m.currency;
}

/** Where a wallet's withdrawals can be paid: the banks of the currency's country. */
export const BANK_COUNTRY_OF_CURRENCY: Record<Currency, 'TH' | 'LA'> = { BAHT: 'TH', LAK: 'LA' };

/** SH-3: baht in a Thai build; a Laos build offers LAK (default) or BAHT. */
export function currencyFor(region: Region, requested: Currency | undefined): Currency {
  if (region === 'th') {
    if (requested && requested !== 'BAHT') throw new AppError('INVALID_USER_INFO');
    return 'BAHT';
  }
  return requested ?? 'LAK';
}

/** The spec's invite link is /register?code=PR<user id>; a bare id is taken too. */
export function inviterPublicId(code: string): string {
  return code.toUpperCase().replace(/^PR/, '');
}
