import type { Currency } from '@krapao/contract';
import type { Ctx } from '../../context.ts';

/**
 * The currency a withdrawal is paid in: its member's wallet currency, fixed at registration (issue 8).
 * The bank is told it with the payout order, so kip goes only to a Lao bank account and baht to a Thai one.
 */
export async function payoutCurrency(ctx: Ctx, withdrawalId: string): Promise<Currency> {
  const [row] = await ctx.db.query<{ currency: Currency }>(
    `select m.currency from withdrawals w join members m on m.id = w.member_id where w.public_id = $1`,
    [withdrawalId],
  );
  if (!row) throw new Error(`withdrawal ${withdrawalId} not found`);
  return row.currency;
}
