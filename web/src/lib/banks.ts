import type { Bank, Locale } from '@krapao/contract';

/** A bank's name in the member's language; the contract has no Lao name, so Lao shows the English one. */
export function bankName(bank: Pick<Bank, 'nameTH' | 'nameEN'>, locale: Locale): string {
  return locale === 'th' ? bank.nameTH : bank.nameEN;
}
