import { toBaht, toMinor, type Withdrawal } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { randomCode } from '../../lib/crypto.ts';
import { once } from '../../ledger/idempotency.ts';
import { houseCash, lockBalance, memberAccount, minor, post } from '../../ledger/ledger.ts';

interface Row {
  id: string;
  public_id: string;
  member_id: string;
  amount: unknown;
  status: Withdrawal['status'];
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  created_at: Date;
}

/** The operator's withdrawal settings, in one read: limits and whether payouts go out at once. */
async function withdrawSettings(q: Queryable) {
  const rows = await q.query<{ key: string; value: unknown }>(
    `select key, value from settings where key in ('withdraw.limits', 'withdraw.autoPayout')`,
  );
  const get = (key: string) => rows.find((r) => r.key === key)?.value;
  const limits = (get('withdraw.limits') as { minMinor: number; maxMinor: number } | undefined) ?? {
    minMinor: 0,
    maxMinor: Number.MAX_SAFE_INTEGER,
  };
  return {
    min: BigInt(limits.minMinor),
    max: BigInt(limits.maxMinor),
    autoPayout: (get('withdraw.autoPayout') as boolean | undefined) ?? true,
  };
}

/**
 * WD-1, WD-2: the money leaves the wallet at once, into the member's pending-withdrawal account, in the
 * same transaction as the withdrawal record. Payout happens after the answer (payWithdrawal).
 * `amount` undefined means the whole wallet (withdrawAll); `seen` is the balance the member saw.
 */
export async function requestWithdrawal(
  ctx: Ctx,
  req: { memberId: string; key: string | undefined; amount?: number; all?: { seen?: number } },
): Promise<Withdrawal> {
  const settings = await withdrawSettings(ctx.db);
  const { value: result, replayed } = await once(
    ctx.db,
    { memberId: req.memberId, key: req.key, body: { amount: req.amount, all: req.all ?? null } },
    async (q) => {
      const wallet = memberAccount('member_wallet', req.memberId);
      // One withdrawal decision at a time per member: the wallet row stays locked until commit.
      const balance = await lockBalance(q, wallet);
      const amount = req.all ? balance : toMinor(req.amount!);
      if (req.all?.seen !== undefined && toMinor(req.all.seen) > balance)
        throw new AppError('MONEY_NOT_ENOUGH');
      if (amount <= 0n || amount > balance) throw new AppError('MONEY_NOT_ENOUGH');
      if (amount < settings.min) throw new AppError('WITHDRAW_MINIMUM');
      if (amount > settings.max) throw new AppError('WITHDRAW_MAXIMUM');
      const now = ctx.clock.now();
      // Paid to the account registered now: a later profile change does not redirect this withdrawal.
      const [w] = await q.query<{ id: string; public_id: string }>(
        `insert into withdrawals (public_id, member_id, amount, status, bank_code, bank_account_no, bank_account_name,
           created_at, updated_at)
         select $1, id, $3, 'PENDING', bank_code, bank_account_no, bank_account_name, $4, $4 from members where id = $2
         returning id, public_id`,
        [`W${randomCode(10)}`, req.memberId, amount.toString(), now],
      );
      await post(q, {
        kind: 'withdrawal',
        reference: `withdrawal:${w!.public_id}:requested`,
        memberId: req.memberId,
        at: now,
        lines: [
          { account: wallet, amount: -amount },
          { account: memberAccount('member_pending_withdrawal', req.memberId), amount },
        ],
      });
      return {
        withdrawalId: w!.public_id,
        amount: toBaht(amount),
        status: 'PENDING' as const,
        balance: toBaht(balance - amount),
        createdAt: now.toISOString(),
      };
    },
  );
  if (!replayed && settings.autoPayout && ctx.payouts) {
    // After the answer: a slow bank must not hold the member's request open.
    setImmediate(() => {
      payWithdrawal(ctx, result.withdrawalId).catch((err) => ctx.log.error({ err }, 'payout failed'));
    });
  }
  return result;
}

/**
 * Two phases with the bank: claim the withdrawal (PENDING -> PROCESSING, at most once), ask the bank to
 * pay it under our reference, then settle. An unknown outcome stays PROCESSING for the reconciler.
 * Called at once after a request when payouts are automatic, or when the operator approves.
 */
export async function payWithdrawal(ctx: Ctx, publicId: string): Promise<Withdrawal['status']> {
  const [claimed] = await ctx.db.query<Row>(
    `update withdrawals set status = 'PROCESSING', attempts = attempts + 1, updated_at = $2
     where public_id = $1 and status = 'PENDING' returning *`,
    [publicId, ctx.clock.now()],
  );
  if (!claimed) throw new AppError('WITHDRAWAL_NOT_PENDING', 409);
  // No payout provider: the operator has paid it by hand, and approving records that.
  if (!ctx.payouts) return settle(ctx, publicId, 'PAID', null);
  const { outcome, reason } = await ctx.payouts.payout({
    reference: claimed.public_id,
    bankCode: claimed.bank_code,
    accountNo: claimed.bank_account_no,
    accountName: claimed.bank_account_name,
    amountMinor: minor(claimed.amount),
  });
  if (outcome === 'UNKNOWN') return 'PROCESSING';
  return settle(ctx, publicId, outcome === 'PAID' ? 'PAID' : 'FAILED', reason ?? null);
}

/**
 * Moves a withdrawal to its final state and posts the money, once: the status update is guarded by the
 * current state and the journal reference is unique. PAID sends the money to the bank; FAILED and
 * REJECTED return it to the wallet.
 */
export async function settle(
  ctx: Ctx,
  publicId: string,
  final: 'PAID' | 'FAILED' | 'REJECTED',
  reason: string | null,
): Promise<Withdrawal['status']> {
  const from = final === 'REJECTED' ? 'PENDING' : 'PROCESSING';
  return ctx.db.tx(async (q) => {
    const now = ctx.clock.now();
    const [w] = await q.query<Row>(
      `update withdrawals set status = $2, reason = $3, updated_at = $4
       where public_id = $1 and status = $5 returning *`,
      [publicId, final, reason, now, from],
    );
    if (!w) throw new AppError('WITHDRAWAL_NOT_PENDING', 409);
    const memberId = String(w.member_id);
    const amount = minor(w.amount);
    const pending = memberAccount('member_pending_withdrawal', memberId);
    await post(q, {
      kind: final === 'PAID' ? 'payout' : 'withdrawal_returned',
      reference: `withdrawal:${publicId}:${final.toLowerCase()}`,
      memberId,
      at: now,
      lines: [
        { account: pending, amount: -amount },
        { account: final === 'PAID' ? houseCash() : memberAccount('member_wallet', memberId), amount },
      ],
    });
    return final;
  });
}

/**
 * Settles payouts whose outcome was never learnt (a timeout, a crash between the call and the answer) by
 * asking the bank by reference. Runs at start-up and then periodically.
 */
export async function reconcilePayouts(ctx: Ctx, olderThanMs = 30_000): Promise<number> {
  const stale = await ctx.db.query<{ public_id: string }>(
    `select public_id from withdrawals where status = 'PROCESSING' and updated_at < $1 order by id limit 100`,
    [new Date(ctx.clock.now().getTime() - olderThanMs)],
  );
  const payouts = ctx.payouts;
  if (!payouts) return 0;
  let settled = 0;
  for (const { public_id } of stale) {
    const known = await payouts.status(public_id).catch(() => 'UNKNOWN' as const);
    if (known === 'PAID' || known === 'FAILED') {
      await settle(ctx, public_id, known, known === 'FAILED' ? 'UNKNOW_ERROR' : null).catch(() => undefined);
      settled++;
    } else if (known === 'NOT_FOUND') {
      // The bank never received it: send it again under the same reference.
      await ctx.db.query(
        `update withdrawals set status = 'PENDING' where public_id = $1 and status = 'PROCESSING'`,
        [public_id],
      );
      await payWithdrawal(ctx, public_id).catch(() => undefined);
      settled++;
    }
  }
  return settled;
}
