import { toBaht } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { minor } from '../../ledger/ledger.ts';
import { payWithdrawal, settle } from '../withdrawals/service.ts';

/** The newest withdrawals, of one status or all, with the member they belong to. */
export async function listWithdrawals(ctx: Ctx, status: string | undefined) {
  const rows = await ctx.db.query<Record<string, unknown>>(
    `select w.public_id, w.amount, w.status, w.reason, w.bank_code, w.bank_account_no, w.bank_account_name,
            w.created_at, m.phone, m.public_id as member
     from withdrawals w join members m on m.id = w.member_id
     where $1::text is null or w.status = $1 order by w.id desc limit 200`,
    [status ?? null],
  );
  return rows.map((r) => ({ ...r, amount: toBaht(minor(r.amount)) }));
}

/** Pays a pending withdrawal through the payout provider (or records a manual payment without one). */
export async function approveWithdrawal(ctx: Ctx, withdrawalId: string) {
  return { withdrawalId, status: await payWithdrawal(ctx, withdrawalId) };
}

/** Refuses a pending withdrawal; the money goes back to the member's wallet. */
export async function rejectWithdrawal(ctx: Ctx, withdrawalId: string) {
  return { withdrawalId, status: await settle(ctx, withdrawalId, 'REJECTED', 'REJECTED_BY_OPERATOR') };
}

/** Bank transfers that matched no member, kept for the operator. */
export async function unmatchedBankLines(ctx: Ctx) {
  const rows = await ctx.db.query<Record<string, unknown>>(
    `select reference, from_bank_code, from_account_no, to_account_no, amount, received_at
     from bank_feed_items where outcome = 'UNMATCHED' order by received_at desc limit 200`,
  );
  return rows.map((r) => ({ ...r, amount: toBaht(minor(r.amount)) }));
}
