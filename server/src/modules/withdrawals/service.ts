import { toMinor, type Currency, type Withdrawal } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { getSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';
import { randomCode } from '../../lib/crypto.ts';
import { checkedKey, requestHash } from '../../ledger/idempotency.ts';
import { houseCash } from '../../ledger/account-names.ts';
import { refusalOf } from '../../ledger/ledger.ts';
import { batchedMovement, type FailedColumns, type SessionItem } from '../../ledger/batch.ts';
import { knownMember, memberFrom, memberOf, sessionHex, type Caller } from '../../http/session-caller.ts';
import { checkWithdrawalPin } from '../accounts/withdrawal-pin.ts';
import { finishReward } from '../rewards/service.ts';

interface Row {
  id: bigint;
  public_id: string;
  member_id: bigint;
  amount: bigint;
  status: Withdrawal['status'];
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  created_at: Date;
}

/** What wallet_withdraw answers: the member's answer, whether it is a replay's, the payout to send. */
interface Requested {
  response: Withdrawal;
  replayed: boolean;
  payout: PayoutOrder | null;
}

/**
 * WD-1, WD-2: the money leaves the wallet at once, into the member's pending-withdrawal account, in the
 * same transaction as the withdrawal record. With automatic payouts the payout is sent after the answer;
 * otherwise the operator approves it (payWithdrawal).
 * `amount` undefined means the whole wallet (withdrawAll); `seen` is the balance the member saw.
 * The whole request, idempotency key included, is one call of wallet_withdraw (db/functions/withdrawals.sql): one
 * round trip, one transaction, no session left idle in transaction while Node works.
 */
export async function requestWithdrawal(
  ctx: Ctx,
  req: {
    /** The member, or the request's session, which wallet_withdraw's statement then reads. */
    caller: Caller;
    key: string | undefined;
    amount?: number;
    all?: { seen?: number };
    /** The member's withdrawal PIN, where they have one (accounts/withdrawal-pin.ts). */
    pin?: string | undefined;
  },
): Promise<Withdrawal> {
  const key = checkedKey(req.key);
  // Before the money moves; the PIN is not part of the request's hash, so a retry with it replays. A
  // request without one asks nothing here: wallet_withdraw refuses PIN_REQUIRED to a member who has one.
  // A PIN is checked against its member, so that member is read first.
  const pinChecked = req.pin !== undefined && req.pin !== '';
  let memberId = pinChecked ? await memberOf(ctx, req.caller) : knownMember(req.caller);
  if (pinChecked) await checkWithdrawalPin(ctx, memberId!, req.pin);
  const hash = requestHash({ amount: req.amount, all: req.all ?? null });
  const seen = req.all?.seen;
  const withdraw = async () => {
    const item: WithdrawItem = {
      member: memberId ?? null,
      session: memberId === undefined ? sessionHex(req.caller) : null,
      key,
      hash: Buffer.from(hash).toString('hex'),
      amount: req.all ? null : toMinor(req.amount!).toString(),
      seen: seen === undefined ? null : toMinor(seen).toString(),
      publicId: `W${randomCode(10)}`,
      createdAt: ctx.clock.now().toISOString(),
      pinChecked,
    };
    try {
      const requested = await walletWithdraw(ctx, item);
      memberId = item.member!;
      return requested;
    } catch (err) {
      throw refusalOf(err);
    }
  };
  let row: Requested;
  try {
    row = await withdraw();
  } catch (err) {
    // BON-5: an active reward refuses the withdrawal (db/functions/rewards.sql). One whose exit already holds
    // (its turnover met, or played away) ends now and the withdrawal goes on; the refusal moved nothing.
    if (!(err instanceof AppError && err.code === 'BONUS_REMAINING')) throw err;
    memberId ??= await memberOf(ctx, req.caller);
    const ended = await finishReward(ctx, memberId);
    if (ended !== 'SUCCESS' && ended !== 'FAILED') throw err;
    row = await withdraw();
  }
  const { response, replayed, payout } = row;
  if (replayed) ctx.metrics.money('withdrawal', 'duplicate');
  else ctx.metrics.money('withdrawal', 'ok', { minor: toMinor(response.amount), member: memberId! });
  // Automatic payouts: the function claimed the withdrawal (PROCESSING) and answered the payout order.
  // It is sent after the answer: a slow bank must not hold the member's request open.
  if (payout) {
    setImmediate(() => {
      sendPayout(ctx, payout).catch((err) => ctx.log.error({ err }, 'payout failed'));
    });
  }
  return response;
}

/** One wallet_withdraw call's arguments, as wallet_withdraw_batch reads them (db/functions/withdrawals.sql). */
interface WithdrawItem extends SessionItem {
  key: string;
  /** The request's hash, hex. */
  hash: string;
  amount: string | null;
  seen: string | null;
  publicId: string;
  createdAt: string;
  /** The caller verified the member's PIN; false: the request brought none (PIN_REQUIRED if they have one). */
  pinChecked: boolean;
}

/** One withdrawal, one call of wallet_withdraw: the path without batching, and a batch item run again. */
async function withdrawAlone(ctx: Ctx, w: WithdrawItem): Promise<Requested> {
  const member = memberFrom(ctx, w, 9);
  const [row] = await ctx.db.query<Requested & { member: string }>(
    `select m.id::text as member, w.response, w.replayed, w.payout
     from ${member.from} cross join lateral wallet_withdraw(m.id, $1, $2, $3, $4, $5, $6, $7, $8) as w`,
    [
      w.key,
      Buffer.from(w.hash, 'hex'),
      w.amount,
      w.seen,
      w.publicId,
      w.createdAt,
      Boolean(ctx.payouts),
      w.pinChecked,
      ...member.params,
    ],
  );
  w.member = row!.member;
  return row!;
}

/**
 * Issue 22: the withdrawals that arrive together go in one call of wallet_withdraw_batch
 * (ledger/batch.ts); with MONEY_BATCH off, each in its own call of wallet_withdraw.
 */
const walletWithdraw = batchedMovement({
  batch: (ctx: Ctx, items: WithdrawItem[]) =>
    ctx.db.query<Requested & FailedColumns>(
      'select response, replayed, payout, failed_state, failed_message from wallet_withdraw_batch($1, $2)',
      [JSON.stringify(items), Boolean(ctx.payouts)],
    ),
  alone: withdrawAlone,
  value: (row): Requested => row,
});

/**
 * Two phases with the bank: claim the withdrawal (PENDING -> PROCESSING, at most once), ask the bank to
 * pay it under our reference, then settle. An unknown outcome stays PROCESSING for the reconciler.
 * Called when the operator approves, and by the reconciler for a withdrawal whose payout never left.
 */
export async function payWithdrawal(ctx: Ctx, publicId: string): Promise<Withdrawal['status']> {
  const order = await claimWithdrawal(ctx, publicId);
  // No payout provider: the operator has paid it by hand, and approving records that.
  if (!ctx.payouts) return settle(ctx, publicId, 'PAID', null);
  return sendPayout(ctx, order);
}

/**
 * payWithdrawal's first phase alone (PENDING -> PROCESSING, at most once; else WITHDRAWAL_NOT_PENDING),
 * for a caller that commits the claim with a change of its own before the bank is asked (sendPayout).
 */
export async function claimWithdrawal(ctx: Ctx, publicId: string): Promise<PayoutOrder> {
  // The member's currency comes with the claim: the bank is told it (kip only to a Lao bank).
  const [claimed] = await ctx.db.query<Row & { currency: Currency }>(
    `update withdrawals w set status = 'PROCESSING', attempts = attempts + 1, updated_at = $2
     from members m
     where w.public_id = $1 and w.status = 'PENDING' and m.id = w.member_id
     returning w.*, m.currency`,
    [publicId, ctx.clock.now()],
  );
  if (!claimed) throw new AppError('WITHDRAWAL_NOT_PENDING', 409);
  return {
    reference: claimed.public_id,
    bankCode: claimed.bank_code,
    accountNo: claimed.bank_account_no,
    accountName: claimed.bank_account_name,
    amountMinor: claimed.amount.toString(),
    currency: claimed.currency,
  };
}

/** A claimed (PROCESSING) withdrawal as the bank is asked to pay it; the amount in minor units. */
export interface PayoutOrder {
  reference: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  amountMinor: string;
  /** The member's wallet currency, fixed at registration. */
  currency: Currency;
}

/** Asks the bank to pay a claimed withdrawal, then settles it; an unknown outcome stays PROCESSING. */
export async function sendPayout(ctx: Ctx, order: PayoutOrder): Promise<Withdrawal['status']> {
  const { outcome, reason } = await ctx.payouts!.payout({ ...order, amountMinor: BigInt(order.amountMinor) });
  if (outcome === 'UNKNOWN') {
    ctx.metrics.money('payout', 'pending');
    return 'PROCESSING';
  }
  return settle(ctx, order.reference, outcome === 'PAID' ? 'PAID' : 'FAILED', reason ?? null);
}

/** A withdrawal's final state as its payout is counted (metrics/metrics.ts); REJECTED is the operator's. */
const PAYOUT_COUNTED_AS = { PAID: 'ok', FAILED: 'failed', REJECTED: 'refused' } as const;

/**
 * Moves a withdrawal to its final state and posts the money, once: the status update is guarded by the
 * current state and the journal reference is unique. PAID sends the money to the bank; FAILED and
 * REJECTED return it to the wallet. One call of withdrawal_settle (db/functions/withdrawals.sql), one round trip.
 */
export async function settle(
  ctx: Ctx,
  publicId: string,
  final: 'PAID' | 'FAILED' | 'REJECTED',
  reason: string | null,
): Promise<Withdrawal['status']> {
  const [row] = await ctx.db.query<{ settled: boolean }>(
    'select withdrawal_settle($1, $2, $3, $4, $5) as settled',
    [publicId, final, reason, ctx.clock.now(), houseCash()],
  );
  if (!row?.settled) throw new AppError('WITHDRAWAL_NOT_PENDING', 409);
  ctx.metrics.money('payout', PAYOUT_COUNTED_AS[final], { withdrawal: publicId });
  return final;
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
  // With automatic payouts nobody approves: a withdrawal still PENDING (made while payouts were manual)
  // is sent now (payWithdrawal claims it at most once). One whose payout never left after its claim is
  // PROCESSING and NOT_FOUND at the bank, and was sent again above. One held for the operator (PRO-3:
  // its account had just been changed) is never sent without the operator's approval.
  if ((await getSetting<boolean>(ctx.db, 'withdraw.autoPayout')) ?? true) {
    const waiting = await ctx.db.query<{ public_id: string }>(
      `select public_id from withdrawals where status = 'PENDING' and held_for is null and updated_at < $1
       order by id limit 100`,
      [new Date(ctx.clock.now().getTime() - olderThanMs)],
    );
    for (const { public_id } of waiting) {
      if ((await payWithdrawal(ctx, public_id).catch(() => undefined)) !== undefined) settled++;
    }
  }
  return settled;
}
