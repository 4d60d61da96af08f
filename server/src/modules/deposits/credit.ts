// The one way a deposit reaches a wallet, whatever the channel (QR, True Wallet, slip, an operator's
// credit): a SUCCESS row for the statement and one journal entry from the house account the money came
// through, in the caller's transaction. (The bank feed does the same inside bank_feed_credit, in SQL.)
import type { Queryable } from '../../db/db.ts';
import { memberAccount } from '../../ledger/account-names.ts';
import { post } from '../../ledger/ledger.ts';

/** The deposit id members and operators see: "D" and the row id. */
export const depositIdOf = (id: string | number | bigint) => `D${id}`;

interface Credit {
  memberId: string;
  amount: bigint;
  /** The journal entry's unique reference: what makes the credit happen at most once. */
  journalRef: string;
  /** The house ledger account the money came through (bank cash, a gateway, the True Wallet). */
  from: string;
  at: Date;
}

/** Posts the credit to the member's wallet. */
export async function creditWallet(q: Queryable, c: Credit): Promise<void> {
  await post(q, {
    kind: 'deposit',
    reference: c.journalRef,
    memberId: c.memberId,
    at: c.at,
    lines: [
      { account: memberAccount('member_wallet', c.memberId), amount: c.amount },
      { account: c.from, amount: -c.amount },
    ],
  });
}

/** Records the deposit for the statement and credits the wallet; answers the deposit's row id. */
export async function creditDeposit(
  q: Queryable,
  c: Credit & { channel: 'BANK' | 'QR' | 'TRUEWALLET' | 'SLIP'; reference: string },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into deposits (member_id, channel, amount, status, reference, created_at)
     values ($1, $2, $3, 'SUCCESS', $4, $5) returning id::text as id`,
    [c.memberId, c.channel, c.amount.toString(), c.reference, c.at],
  );
  await creditWallet(q, c);
  return row!.id;
}
