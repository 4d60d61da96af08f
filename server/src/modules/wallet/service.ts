import { toBaht, type Wallet } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { balanceOf, memberAccount } from '../../ledger/ledger.ts';
import { getProfile } from '../accounts/service.ts';

/**
 * BAL-1: the member's money. The total is the main wallet plus every game account; game accounts arrive
 * with the games issue, so today the total is the wallet.
 */
export async function getWallet(ctx: Ctx, memberId: string): Promise<Wallet> {
  const profile = await getProfile(ctx, memberId);
  const wallet = toBaht(await balanceOf(ctx.db, memberAccount('member_wallet', memberId)));
  const [row] = await ctx.db.query<{ last_sync_at: Date | null }>(
    'select last_sync_at from members where id = $1',
    [memberId],
  );
  const slots: Wallet['slots'] = [];
  return {
    profile,
    bankAccount: {
      bankCode: profile.bankCode,
      bankAccountName: profile.bankAccountName,
      bankAccountNo: profile.bankAccountNo,
      bank: profile.bank,
    },
    wallet: { amount: wallet, currency: profile.currency },
    invite: { amount: 0, success: 0, fail: 0 },
    slots,
    total: slots.reduce((sum, s) => sum + s.amount, wallet),
    lastSyncAt: row?.last_sync_at ? row.last_sync_at.toISOString() : null,
  };
}

/** BAL-2: asks every game provider for the member's balances (none yet) and records when. */
export async function refreshSlots(ctx: Ctx, memberId: string): Promise<Wallet> {
  await ctx.db.query('update members set last_sync_at = $2 where id = $1', [memberId, ctx.clock.now()]);
  return getWallet(ctx, memberId);
}
