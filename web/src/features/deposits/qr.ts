import { QR_MIN, QR_QUICK_PICKS, isQrProvider, type QrProvider } from '@krapao/contract';
import { qrMinDepositOverrideBaht } from '../../lib/config';
import { bahtToMinor } from '../../lib/format';
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

export interface QrRules {
  minBaht: number;
  quickPicksBaht: number[];
}

/**
 * DEP-8 / DEP-9: the minimum and quick picks of a provider. A build setting (PAYTIMZ, ZPAY) sets the
 * minimum and becomes the first pick; picks below it would only offer a disabled button, so they go.
 */
export function qrRules(provider: QrProvider): QrRules {
  const defaults = QR_QUICK_PICKS[provider];
  const override = qrMinDepositOverrideBaht(provider);
  if (override === undefined) return { minBaht: QR_MIN[provider], quickPicksBaht: [...defaults] };
  const picks = [override, ...defaults.slice(1)].filter((baht) => baht >= override);
  return { minBaht: override, quickPicksBaht: [...new Set(picks)].sort((a, b) => a - b) };
}

/** DEP-8: create is offered from the minimum up; below 1 baht never (the amount is ignored). */
export function canCreateQr(rules: QrRules, amountMinor: number | null): boolean {
  return amountMinor !== null && amountMinor >= bahtToMinor(Math.max(1, rules.minBaht));
}

/** The QR image as an <img> source: the SVG markup is data, never inserted into the page. */
export function qrImageSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
