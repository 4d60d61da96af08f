import { toBaht } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Json } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { resolveRefusedQr } from '../deposits/qrcode.ts';
import { creditUnmatchedLine } from '../deposits/service.ts';
import { withdrawalApproval } from '../staff/approvals.ts';
import { payWithdrawal, settle } from '../withdrawals/service.ts';

/** The newest withdrawals, of one status or all, with the member they belong to. */
export async function listWithdrawals(ctx: Ctx, status: string | undefined) {
  const rows = await ctx.db.query<{
    public_id: string;
    amount: bigint;
    status: string;
    reason: string | null;
    held_for: string | null;
    bank_code: string;
    bank_account_no: string;
    bank_account_name: string;
    created_at: Date;
    phone: string;
    member_public_id: string;
    currency: string;
  }>(
    `select w.public_id, w.amount, w.status, w.reason, w.held_for, w.bank_code, w.bank_account_no,
            w.bank_account_name, w.created_at, m.phone, m.public_id as member_public_id, m.currency
     from withdrawals w join members m on m.id = w.member_id
     where $1::text is null or w.status = $1 order by w.id desc limit 200`,
    [status ?? null],
  );
  return rows.map(({ member_public_id: member, ...r }) => ({ ...r, member, amount: toBaht(r.amount) }));
}

/**
 * Runs one operator action and records it, done or refused, under the operator's name: the audit trail
 * (ops_actions is append-only) says who decided every manual movement of money.
 */
export async function audited<T>(
  ctx: Ctx,
  who: { operator: string; action: string; target: string; detail?: Record<string, unknown> },
  act: () => Promise<T>,
): Promise<T> {
  const record = (outcome: string) =>
    ctx.db.query(
      `insert into ops_actions (operator, action, target, outcome, detail, created_at) values ($1, $2, $3, $4, $5, $6)`,
      [who.operator, who.action, who.target, outcome, JSON.stringify(who.detail ?? {}), ctx.clock.now()],
    );
  try {
    const result = await act();
    await record('DONE');
    return result;
  } catch (err) {
    await record(err instanceof AppError ? err.code : 'ERROR');
    throw err;
  }
}

/**
 * Pays a pending withdrawal through the payout provider (or records a manual payment without one). Above
 * console.approvalAboveMinor it becomes a four-eyes request a staff member approves in the console
 * (modules/staff/approvals.ts): answered AWAITING_APPROVAL with the request's id.
 */
export function approveWithdrawal(ctx: Ctx, operator: string, withdrawalId: string) {
  return audited(ctx, { operator, action: 'withdrawal.approve', target: withdrawalId }, async () => {
    const asked = await withdrawalApproval(
      ctx,
      { username: `service:${operator}`, role: 'admin', ip: null },
      withdrawalId,
    );
    if (asked) return { withdrawalId, status: asked.status, approvalId: asked.id };
    return { withdrawalId, status: await payWithdrawal(ctx, withdrawalId) };
  });
}

/** Refuses a pending withdrawal; the money goes back to the member's wallet. */
export function rejectWithdrawal(ctx: Ctx, operator: string, withdrawalId: string) {
  return audited(ctx, { operator, action: 'withdrawal.reject', target: withdrawalId }, async () => ({
    withdrawalId,
    status: await settle(ctx, withdrawalId, 'REJECTED', 'REJECTED_BY_OPERATOR'),
  }));
}

/** The audit trail, newest first. */
export async function listActions(ctx: Ctx) {
  return ctx.db.query<{
    operator: string;
    action: string;
    target: string;
    outcome: string;
    detail: Json;
    created_at: Date;
  }>(
    `select operator, action, target, outcome, detail, created_at from ops_actions order by id desc limit 200`,
  );
}

/** Bank transfers that matched no member, kept for the operator. */
export async function unmatchedBankLines(ctx: Ctx) {
  const rows = await ctx.db.query<{
    reference: string;
    from_bank_code: string;
    from_account_no: string;
    to_account_no: string;
    amount: bigint;
    currency: string | null;
    received_at: Date;
  }>(
    `select reference, from_bank_code, from_account_no, to_account_no, amount, currency, received_at
     from bank_feed_items where outcome = 'UNMATCHED' order by received_at desc limit 200`,
  );
  return rows.map((r) => ({ ...r, amount: toBaht(r.amount) }));
}

/** QR payments a gateway reported but Krapao refused: the money is at the gateway, in no wallet. */
export async function refusedQrPayments(ctx: Ctx) {
  const rows = await ctx.db.query<{
    id: string;
    provider: string;
    order_id: string;
    transaction_id: string;
    amount: bigint;
    paid_at: Date;
    reason: string;
    member_phone: string | null;
    currency: string | null;
    resolution: string | null;
  }>(
    `select r.id::text as id, r.provider, r.order_id, r.transaction_id, r.amount, r.paid_at, r.reason,
            m.phone as member_phone, m.currency, r.resolution
     from refused_qr_payments r left join members m on m.id = r.member_id
     order by r.created_at desc limit 200`,
  );
  return rows.map((r) => ({ ...r, amount: toBaht(r.amount) }));
}

/** Credits a bank line that matched no member to the member with that phone (optionally closing a notice). */
export function creditBankLine(
  ctx: Ctx,
  operator: string,
  reference: string,
  body: { phone?: unknown; noticeId?: unknown },
) {
  const phone = typeof body.phone === 'string' ? body.phone.trim() : '';
  const noticeId = typeof body.noticeId === 'string' && body.noticeId ? body.noticeId : undefined;
  if (!phone) throw new AppError('INVALID_REQUEST');
  return audited(
    ctx,
    { operator, action: 'bank-line.credit', target: reference, detail: { phone, noticeId } },
    () => creditUnmatchedLine(ctx, { reference, phone, noticeId }),
  );
}

/**
 * Settles a refused QR payment: `credit` gives it to the QR's member after all (or to the member with
 * `phone`, for an unknown QR); `refunded` records that the gateway gave the money back.
 */
export function resolveQrPayment(
  ctx: Ctx,
  operator: string,
  id: string,
  decision: 'credit' | 'refunded',
  body: { phone?: unknown },
) {
  const phone = typeof body.phone === 'string' && body.phone.trim() ? body.phone.trim() : undefined;
  return audited(ctx, { operator, action: `qr-payment.${decision}`, target: id, detail: { phone } }, () =>
    resolveRefusedQr(ctx, { id, resolution: decision === 'credit' ? 'CREDITED' : 'REFUNDED', phone }),
  );
}
