import { toBaht, toMinor, type Wallet } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { memberAccount } from '../../ledger/account-names.ts';
import { PROFILE_COLUMNS, PROFILE_FROM, toProfile, type ProfileRow } from '../accounts/service.ts';
import { refreshBalances, slotsOf } from '../games/service.ts';
import { inviteSummary } from '../invite/service.ts';

/**
 * BAL-1: the member's money. The total is the main wallet plus every game account (its last known
 * balance) plus the money of transfers still on their way between them.
 */
export async function getWallet(ctx: Ctx, memberId: string): Promise<Wallet> {
  // One read: the profile, the wallet balance (0 before the first deposit), the money of transfers on
  // their way (games/transfers.ts) and the last sync time; the game accounts in a second.
  const [row] = await ctx.db.query<
    ProfileRow & { balance: bigint; pending: bigint; last_sync_at: Date | null }
  >(
    `select ${PROFILE_COLUMNS}, coalesce(a.balance, 0) as balance, coalesce(t.balance, 0) as pending,
            m.last_sync_at
     from ${PROFILE_FROM} left join ledger_accounts a on a.code = $2
     left join ledger_accounts t on t.code = $3
     where m.id = $1`,
    [memberId, memberAccount('member_wallet', memberId), memberAccount('member_transfer_pending', memberId)],
  );
  if (!row) throw new AppError('NO_USER', 404);
  const profile = toProfile(row);
  const wallet = toBaht(row.balance);
  const pendingMinor = row.pending;
  const [slots, invite] = await Promise.all([slotsOf(ctx, memberId), inviteSummary(ctx.db, memberId)]);
  const pendingTransfers = toBaht(pendingMinor);
  return {
    profile,
    bankAccount: {
      bankCode: profile.bankCode,
      bankAccountName: profile.bankAccountName,
      bankAccountNo: profile.bankAccountNo,
      bank: profile.bank,
    },
    wallet: { amount: wallet, currency: profile.currency },
    invite,
    slots,
    pendingTransfers,
    total: toBaht(slots.reduce((sum, s) => sum + toMinor(s.amount), toMinor(wallet) + pendingMinor)),
    lastSyncAt: row.last_sync_at ? row.last_sync_at.toISOString() : null,
  };
}

/**
 * BAL-2: asks every game provider for the member's balance there, all at once with a per-provider
 * timeout (games/service.ts), and records when.
 */
export async function refreshSlots(ctx: Ctx, memberId: string): Promise<Wallet> {
  await refreshBalances(ctx, memberId);
  await ctx.db.query('update members set last_sync_at = $2 where id = $1', [memberId, ctx.clock.now()]);
  return getWallet(ctx, memberId);
}
