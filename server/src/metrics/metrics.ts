// What the services and the realtime server tell the metrics (docs/metrics.md): one call where a money
// movement's outcome is known, and the few sources read when Prometheus scrapes. Off (neither
// METRICS_PORT nor METRICS_TOKEN), every call is a no-op.
import type { Currency } from '@krapao/contract';

/**
 * The money movements counted, each with the outcomes it can have (docs/metrics.md says when each is
 * counted). The list doubles as the set of series the counter starts with at zero, so that a rate
 * exists before the first movement of a kind.
 */
export const MONEY_OUTCOMES_OF = {
  deposit_bank: ['ok', 'duplicate', 'pending', 'refused'],
  deposit_qr: ['ok', 'duplicate', 'refused'],
  deposit_truewallet: ['ok', 'duplicate', 'pending', 'refused'],
  deposit_slip: ['ok', 'duplicate', 'refused'],
  deposit_operator: ['ok'],
  withdrawal: ['ok', 'duplicate'],
  payout: ['ok', 'failed', 'pending', 'refused'],
  transfer_in: ['ok', 'duplicate', 'failed', 'pending'],
  transfer_out: ['ok', 'duplicate', 'failed', 'pending'],
  reward: ['ok', 'duplicate'],
} as const satisfies Record<string, readonly MoneyOutcome[]>;

/**
 * ok: the money moved. duplicate: a replay or a second delivery, nothing moved again. pending: not
 * settled yet (an outside call unanswered, a bank line for the operator); the reconciler's or the
 * operator's settlement counts again. failed: the outside party refused and the money went back.
 * refused: Krapao or its operator refused it, and it did not happen.
 */
export type MoneyOutcome = 'ok' | 'duplicate' | 'pending' | 'failed' | 'refused';
export type MoneyKind = keyof typeof MONEY_OUTCOMES_OF;

/**
 * What moved, in minor units: with its currency when the service holds it, else with the row the
 * currency (and, for a withdrawal, the amount) is read from when scraped, by its key. The money path
 * itself never waits for a read.
 */
export type MoneyAmount =
  | { minor: bigint; currency: Currency }
  /** In the currency of this member's wallet. */
  | { minor: bigint; member: string }
  /** In the currency of this bank-feed line (bank_feed_items.reference). */
  | { minor: bigint; bankLine: string }
  /** The amount and currency of this withdrawal (withdrawals.public_id). */
  | { withdrawal: string };

export interface Metrics {
  /** A movement's outcome, once, where it is known; `amount` is counted for ok only. */
  money<K extends MoneyKind>(
    kind: K,
    outcome: (typeof MONEY_OUTCOMES_OF)[K][number],
    amount?: MoneyAmount,
  ): void;
  /**
   * The voucher reconciler's run found these claims still waiting for an answer (their hashes): the
   * backlog until its next run, each aged from the first run that found it.
   */
  vouchersUnsettled(hashes: readonly string[]): void;
  /** The realtime outbox reader has read every event before this horizon (realtime/outbox.ts). */
  outboxRead(horizon: string): void;
  /** How the open realtime sockets are counted when scraped. */
  countSockets(count: () => number): void;
  /** How the slip QR workers' finished pictures are counted when scraped (slips/read-qr.ts). */
  countQrReads(count: () => ReadonlyArray<{ lane: string; outcome: string; pictures: number }>): void;
}

export const noMetrics: Metrics = {
  money: () => {},
  vouchersUnsettled: () => {},
  outboxRead: () => {},
  countSockets: () => {},
  countQrReads: () => {},
};
