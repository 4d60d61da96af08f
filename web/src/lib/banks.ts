import type { BankNames, Locale } from '@krapao/contract';

/** A bank's name in the member's language; in Lao, the English one where the bank has no Lao name. */
export function bankName(bank: BankNames, locale: Locale): string {
  if (locale === 'th') return bank.nameTH;
  if (locale === 'la') return bank.nameLA ?? bank.nameEN;
  return bank.nameEN;
}

/**
 * The short code a member reads beside a bank's name: its code, but "ttb" for the code TMB (the spec's
 * old short code; the bank has been ttb since 2021, and members know no other name).
 */
export const bankCodeText = (code: string) => (code === 'TMB' ? 'ttb' : code);

/** A bank as a list shows it: its name and short code, the code once if the name already says it. */
export function bankOption(bank: BankNames & { code: string }, locale: Locale): string {
  const name = bankName(bank, locale);
  const code = bankCodeText(bank.code);
  return name.includes(code) ? name : `${name} (${code})`;
}
