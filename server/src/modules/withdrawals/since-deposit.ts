// A withdrawal's context for the person deciding it (the queue's row and the four-eyes request): the
// columns of db/functions/withdrawals.sql withdrawal_since_deposit, joined by the listing's query, as the
// contract's SinceDeposit.
import { toBaht, type SinceDeposit } from '@krapao/contract';

/** withdrawal_since_deposit's columns; null throughout when the member never deposited. */
export interface SinceDepositRow {
  deposited_at: Date | null;
  deposited: bigint | null;
  bets: bigint | null;
  net: bigint | null;
}

export const sinceDepositOf = (r: SinceDepositRow): SinceDeposit | null =>
  r.deposited_at && r.deposited !== null
    ? {
        at: r.deposited_at.toISOString(),
        amount: toBaht(r.deposited),
        bets: toBaht(r.bets ?? 0n),
        net: toBaht(r.net ?? 0n),
      }
    : null;
