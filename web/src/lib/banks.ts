import type { BankNames, Locale } from '@krapao/contract';

/** A bank's name in the member's language; in Lao, the English one where the bank has no Lao name. */
export function bankName(bank: BankNames, locale: Locale): string {
  if (locale === 'th') return bank.nameTH;
  if (locale === 'la') return bank.nameLA ?? bank.nameEN;
  return bank.nameEN;
}
