import type { Currency } from '@krapao/contract';
import { useLocale } from '../i18n/react';
import { formatMoney } from '../lib/format';

/** SH-16: minor units shown with two decimals and the currency, in the member's language. */
export function Money({
  minor,
  currency = 'BAHT',
  sign = '',
}: {
  minor: number | bigint;
  currency?: Currency;
  /** '+' or '-' in front of the amount (ST-2); the amount itself is given unsigned. */
  sign?: '' | '+' | '-';
}) {
  const locale = useLocale();
  return (
    <span className="tabular">
      {sign}
      {formatMoney(minor, locale, currency)}
    </span>
  );
}

/** The same text as <Money>, for sentences: t('...', { amount: money(minor) }). */
export function useMoneyText(): (minor: number, currency?: Currency) => string {
  const locale = useLocale();
  return (minor, currency = 'BAHT') => formatMoney(minor, locale, currency);
}
