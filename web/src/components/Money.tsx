import type { Currency } from '@krapao/contract';
import { createContext, useContext, type ReactNode } from 'react';
import { useLocale } from '../i18n/react';
import { formatMoney } from '../lib/format';

/**
 * SH-16: the currency of the logged-in member's wallet (fixed at registration), which every amount on a
 * member's screen is in. The member shell provides it from the profile; null while it is not known yet
 * (amounts then show without a symbol rather than in a currency that may be wrong). Outside a member's
 * screens there is no wallet: baht, the site's first currency.
 */
const MemberCurrencyContext = createContext<Currency | null>('BAHT');

export function MemberCurrency({ currency, children }: { currency: Currency | null; children: ReactNode }) {
  return <MemberCurrencyContext value={currency}>{children}</MemberCurrencyContext>;
}

/** The member's wallet currency; null while the profile has not said. */
export function useMemberCurrency(): Currency | null {
  return useContext(MemberCurrencyContext);
}

/**
 * SH-16: minor units shown with two decimals and the currency, in the member's language. Without a
 * `currency`, the member's (an amount of the member's wallet: a balance, a statement line, a slip).
 */
export function Money({
  minor,
  currency,
  sign = '',
}: {
  minor: number | bigint;
  currency?: Currency;
  /** '+' or '-' in front of the amount (ST-2); the amount itself is given unsigned. */
  sign?: '' | '+' | '-';
}) {
  const locale = useLocale();
  const memberCurrency = useMemberCurrency();
  return (
    <span className="tabular">
      {sign}
      {formatMoney(minor, locale, currency ?? memberCurrency)}
    </span>
  );
}

/**
 * The same text as <Money>, for sentences: t('...', { amount: money(minor) }); in the member's currency
 * unless told another.
 */
export function useMoneyText(): (minor: number, currency?: Currency) => string {
  const locale = useLocale();
  const memberCurrency = useMemberCurrency();
  return (minor, currency) => formatMoney(minor, locale, currency ?? memberCurrency);
}
