import type { Currency } from '@krapao/contract';

/**
 * Pays a withdrawal to a member's bank account. `reference` is our withdrawal's id and is reused on every
 * retry, so the bank pays it at most once. An outcome the call could not learn (a timeout, a crash) is
 * asked for later with status(reference) by the reconciler.
 */
export type PayoutOutcome = 'PAID' | 'FAILED' | 'UNKNOWN';

export interface PayoutProvider {
  payout(order: {
    reference: string;
    bankCode: string;
    accountNo: string;
    accountName: string;
    amountMinor: bigint;
    /** The withdrawal's currency (the member's): kip is paid to Lao banks only, baht to Thai ones. */
    currency: Currency;
  }): Promise<{ outcome: PayoutOutcome; reason?: string }>;
  /** What the bank knows of a reference; NOT_FOUND when it never received it. */
  status(reference: string): Promise<PayoutOutcome | 'NOT_FOUND'>;
}
