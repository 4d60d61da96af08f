import type { BankNames, Locale } from '@krapao/contract';

/** A bank's name in the member's language; in Lao, the English one where the bank has no Lao name. */
export function bankName(bank: BankNames, locale: Locale): string {
  if (locale === 'th') return bank.nameTH;
  if (locale === 'la') return bank.nameLA ?? bank.nameEN;
  return bank.nameEN;
}

/** A locale's language tag for a text's `lang` (Lao is lo in BCP 47). */
const langOf = (locale: Locale) => (locale === 'la' ? 'lo' : locale);

/**
 * A bank's name as a card shows it: in the reader's language first, then the one the bank's own app and
 * signs use (Lao for a kip account's Lao bank, Thai for a baht account's), or English under a local one;
 * no second line when it would say the same. Each with its language tag.
 */
export function bankNameLines(
  bank: BankNames,
  locale: Locale,
  currency: string,
): { first: string; firstLang: string; second: string | null; secondLang: string } {
  const first = bankName(bank, locale);
  const firstLang = locale === 'la' && !bank.nameLA ? 'en' : langOf(locale);
  const local = currency === 'LAK' ? (bank.nameLA ?? bank.nameEN) : bank.nameTH;
  const [second, secondLang] =
    locale === 'en' ? [local, currency === 'LAK' ? 'lo' : 'th'] : [bank.nameEN, 'en'];
  return { first, firstLang, second: second === first ? null : second, secondLang };
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
