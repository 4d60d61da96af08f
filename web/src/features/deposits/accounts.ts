import {
  isQrProvider,
  QR_PROVIDER_CURRENCY,
  type Currency,
  type depositAccountSchema,
  type depositWalletSchema,
} from '@krapao/contract';
import type { z } from 'zod';

export type DepositAccount = z.infer<typeof depositAccountSchema>;
export type DepositWallet = z.infer<typeof depositWalletSchema>;
export interface DepositLookup {
  banks: DepositAccount[];
  wallets: DepositWallet[];
  isManual: boolean;
}

/** The panel a bank-transfer account shows (DEP-2, DEP-3). */
export type BankPanelKind = 'generic' | 'plain' | 'kbank-auto' | 'bcel';

/** DEP-4: KBANK when not AUTO and every payment provider (bankType PAYMENT) are QR accounts. */
export function isQrAccount(account: DepositAccount): boolean {
  return account.bankType === 'PAYMENT' || (account.bankCode === 'KBANK' && account.mode !== 'AUTO');
}

/** DEP-2 / DEP-3: manual mode shows one generic panel for every account; otherwise by bank code. */
export function bankPanelKind(account: DepositAccount, isManual: boolean): BankPanelKind {
  if (isManual) return 'generic';
  switch (account.bankCode) {
    case 'SCB':
    case 'GSB':
      return 'plain';
    case 'KBANK':
      return account.mode === 'AUTO' ? 'kbank-auto' : 'generic';
    case 'BCEL':
      return 'bcel';
    default:
      return 'generic';
  }
}

/** DEP-1: the accounts of each section. In manual mode every account is a bank transfer (DEP-2). */
export function splitAccounts(lookup: DepositLookup) {
  if (lookup.isManual) return { bank: lookup.banks, qr: [] as DepositAccount[] };
  return {
    bank: lookup.banks.filter((a) => !isQrAccount(a)),
    qr: lookup.banks.filter(isQrAccount),
  };
}

/**
 * What a member of `currency` is offered: the accounts in that currency, a QR gateway only when
 * it collects that currency (ONEPAY kip, the Thai gateways baht) and True Wallet, a Thai wallet, only to
 * baht members. The server answers a member's lookup so already; the screen holds the line too, so a
 * kip member is never shown a Thai channel (an older server, a lookup asked without the token).
 */
export function offeredTo(lookup: DepositLookup, currency: Currency): DepositLookup {
  return {
    ...lookup,
    banks: lookup.banks.filter(
      (a) =>
        a.currency === currency &&
        (!isQrProvider(a.bankCode) || !isQrAccount(a) || QR_PROVIDER_CURRENCY[a.bankCode] === currency),
    ),
    wallets: currency === 'BAHT' ? lookup.wallets : [],
  };
}
