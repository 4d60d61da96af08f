import type { Currency } from '@krapao/contract';
import { useTranslation } from '../i18n/react';
import { formatMoney } from '../lib/format';
import { isLocale } from '../i18n';

/** SH-16: minor units shown with two decimals and the currency, in the member's language. */
export function Money({ minor, currency = 'BAHT' }: { minor: number | bigint; currency?: Currency }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'th';
  return <span className="tabular">{formatMoney(minor, locale, currency)}</span>;
}
