import {
  QR_MIN,
  QR_PROVIDER_CURRENCY,
  QR_QUICK_PICKS,
  isQrProvider,
  type Currency,
  type QrProvider,
} from '@krapao/contract';
import { qrMinDepositOverrideBaht } from '../../lib/config';
import { bahtToMinor, isTooLarge } from '../../lib/format';
import type { DepositAccount } from './accounts';

/** One QR channel of the deposit modal (DEP-4): the provider and the account that offers it. */
export interface QrChannel {
  provider: QrProvider;
  account: DepositAccount;
}

/**
 * DEP-4: one channel per provider among the QR accounts. A member has one QR per provider, so a second
 * account of the same provider adds nothing; a payment code Krapao cannot call is left out.
 */
export function qrChannels(accounts: DepositAccount[]): QrChannel[] {
  const seen = new Set<QrProvider>();
  const channels: QrChannel[] = [];
  for (const account of accounts) {
    const provider = account.bankCode;
    if (!isQrProvider(provider) || seen.has(provider)) continue;
    seen.add(provider);
    channels.push({ provider, account });
  }
  return channels;
}

/** The minimum and quick picks of a QR channel, in the currency it collects (major units: 50 is 50 baht). */
export interface QrRules {
  currency: Currency;
  min: number;
  quickPicks: number[];
}

/**
 * DEP-8 / DEP-9: the minimum and quick picks of a provider, in its currency (kip for ONEPAY). A build
 * setting (PAYTIMZ, ZPAY) sets the minimum and becomes the first pick; picks below it would only offer a
 * disabled button, so they go.
 */
export function qrRules(provider: QrProvider): QrRules {
  const currency = QR_PROVIDER_CURRENCY[provider];
  const defaults = QR_QUICK_PICKS[provider];
  const override = qrMinDepositOverrideBaht(provider);
  if (override === undefined) return { currency, min: QR_MIN[provider], quickPicks: [...defaults] };
  const picks = [override, ...defaults.slice(1)].filter((amount) => amount >= override);
  return { currency, min: override, quickPicks: [...new Set(picks)].sort((a, b) => a - b) };
}

/** DEP-8: create is offered from the minimum up; below 1 (baht or kip) never (the amount is ignored). */
export function canCreateQr(rules: QrRules, amountMinor: number | null): boolean {
  return (
    amountMinor !== null && amountMinor >= bahtToMinor(Math.max(1, rules.min)) && !isTooLarge(amountMinor)
  );
}

/** The QR image as an <img> source: the SVG markup is data, never inserted into the page. */
export function qrImageSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
