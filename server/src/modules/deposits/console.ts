// The deposits area's console face (modules/staff/console-scope.ts): the unmatched bank lines with the
// members they may belong to, the refused QR payments and the slips that wait. The actions are the very
// service functions the operator API and `npm run ops` call (ops/service.ts): creditUnmatchedLine and
// resolveRefusedQr, each audited with who, before and after in its own transaction (staff/audited.ts),
// after a fresh TOTP code (step-up).
import type { FastifyInstance } from 'fastify';
import {
  consoleQueues as api,
  MATCH_AMOUNT_TOLERANCE_MINOR,
  phoneAsKept,
  toBaht,
  type BankLine,
  type MatchCandidate,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { audited, type Actor } from '../staff/audited.ts';
import { actorOf, consoleRoutes, paramOf, staffOf } from '../staff/console-scope.ts';
import { requireStepUp } from '../staff/service.ts';
import { resolveRefusedQr } from './qrcode.ts';
import { creditUnmatchedLine } from './service.ts';

/** A member's pending deposit notice counts as a candidate when it was made this long around the line. */
const NOTICE_WINDOW_MS = 3 * 60 * 60_000;

interface LineRow {
  reference: string;
  from_bank_code: string;
  from_account_no: string;
  to_account_no: string;
  amount: bigint;
  currency: string | null;
  received_at: Date;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * Who a line may be from: members with a pending deposit notice (DEP-12) within MATCH_AMOUNT_TOLERANCE of
 * its amount, made around its time; and members whose payout account ends in the same four digits as the
 * sending account (bank feeds mask the rest). The feed carries no sender name, so names are not compared.
 */
async function candidatesOf(ctx: Ctx, line: LineRow): Promise<MatchCandidate[]> {
  const last4 = digitsOf(line.from_account_no).slice(-4);
  const rows = await ctx.db.query<{
    public_id: string;
    phone: string;
    name: string;
    notice_id: string | null;
    notice_amount: bigint | null;
    by_account: boolean;
  }>(
    `select m.public_id, m.phone, m.name, n.id::text as notice_id, n.amount as notice_amount,
            ($5 <> '' and right(regexp_replace(m.bank_account_no, '[^0-9]', '', 'g'), 4) = $5) as by_account
     from members m
     left join lateral (
       select d.id, d.amount from deposits d
       where d.member_id = m.id and d.channel = 'NOTICE' and d.status = 'PENDING'
         and abs(d.amount - $1::bigint) <= $2::bigint
         and d.created_at between $3::timestamptz - $4::interval and $3::timestamptz + $4::interval
       order by abs(d.amount - $1::bigint), d.created_at limit 1
     ) n on true
     where coalesce($6::text, m.currency) = m.currency
       and (n.id is not null or ($5 <> '' and right(regexp_replace(m.bank_account_no, '[^0-9]', '', 'g'), 4) = $5))
     order by n.id is null, m.id limit 10`,
    [
      line.amount.toString(),
      MATCH_AMOUNT_TOLERANCE_MINOR.toString(),
      line.received_at,
      `${NOTICE_WINDOW_MS / 1000} seconds`,
      last4.length === 4 ? last4 : '',
      line.currency,
    ],
  );
  return rows.map((r) => ({
    memberId: r.public_id,
    phone: r.phone,
    name: r.name,
    why: [...(r.notice_id ? ['notice'] : []), ...(r.by_account ? ['account'] : [])],
    noticeId: r.notice_id ? `D${r.notice_id}` : null,
    noticeAmount: r.notice_amount === null ? null : toBaht(r.notice_amount),
  }));
}

export async function bankLinesQueue(ctx: Ctx): Promise<{ items: BankLine[] }> {
  const lines = await ctx.db.query<LineRow>(
    `select reference, from_bank_code, from_account_no, to_account_no, amount, currency, received_at
     from bank_feed_items where outcome = 'UNMATCHED' order by received_at, reference limit 200`,
  );
  const items: BankLine[] = [];
  for (const l of lines)
    items.push({
      reference: l.reference,
      fromBankCode: l.from_bank_code,
      fromAccountNo: l.from_account_no,
      toAccountNo: l.to_account_no,
      amount: toBaht(l.amount),
      currency: l.currency,
      receivedAt: l.received_at.toISOString(),
      candidates: await candidatesOf(ctx, l),
    });
  return { items };
}

/** Credits an unmatched line to a member, once: of two staff matching it at once, one does (NOT_FOUND). */
export async function matchBankLine(
  ctx: Ctx,
  actor: Actor,
  reference: string,
  body: { phone: string; noticeId?: string | undefined },
) {
  return audited(ctx, actor, async (tx) => {
    const [before] = await tx.db.query<{ outcome: string; amount: bigint; currency: string | null }>(
      'select outcome, amount, currency from bank_feed_items where reference = $1',
      [reference],
    );
    const done = await creditUnmatchedLine(tx, { reference, phone: body.phone, noticeId: body.noticeId });
    const [member] = await tx.db.query<{ public_id: string }>(
      'select public_id from members where phone = $1',
      [body.phone],
    );
    return {
      answer: { reference, memberId: member?.public_id ?? '', depositId: done.depositId },
      audit: {
        action: 'bank-line.match',
        target: reference,
        memberId: member?.public_id ?? null,
        before: before
          ? { outcome: before.outcome, amount: toBaht(before.amount), currency: before.currency }
          : null,
        after: {
          outcome: 'CREDITED',
          depositId: done.depositId,
          phone: body.phone,
          noticeId: body.noticeId ?? null,
        },
      },
    };
  });
}

export async function refusedQrQueue(ctx: Ctx) {
  const rows = await ctx.db.query<{
    id: string;
    provider: string;
    order_id: string;
    transaction_id: string;
    amount: bigint;
    currency: string | null;
    paid_at: Date;
    reason: string;
    member_phone: string | null;
  }>(
    `select r.id::text as id, r.provider, r.order_id, r.transaction_id, r.amount, m.currency, r.paid_at, r.reason,
            m.phone as member_phone
     from refused_qr_payments r left join members m on m.id = r.member_id
     where r.resolution is null order by r.paid_at, r.id limit 200`,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      provider: r.provider,
      orderId: r.order_id,
      transactionId: r.transaction_id,
      amount: toBaht(r.amount),
      currency: r.currency,
      paidAt: r.paid_at.toISOString(),
      reason: r.reason,
      memberPhone: r.member_phone,
    })),
  };
}

export async function resolveQr(
  ctx: Ctx,
  actor: Actor,
  id: string,
  resolution: 'CREDITED' | 'REFUNDED',
  phone: string | undefined,
) {
  if (!/^\d{1,18}$/.test(id)) throw new AppError('NOT_FOUND', 404);
  return audited(ctx, actor, async (tx) => {
    const [before] = await tx.db.query<{ resolution: string | null; amount: bigint }>(
      'select resolution, amount from refused_qr_payments where id = $1',
      [id],
    );
    const done = await resolveRefusedQr(tx, { id, resolution, ...(phone ? { phone } : {}) });
    return {
      answer: { id, resolution },
      audit: {
        action: `qr-payment.${resolution === 'CREDITED' ? 'credit' : 'refunded'}`,
        target: id,
        before: before ? { resolution: before.resolution, amount: toBaht(before.amount) } : null,
        after: { ...done, phone: phone ?? null },
      },
    };
  });
}

export async function slipsQueue(ctx: Ctx) {
  const rows = await ctx.db.query<{
    public_id: string;
    member: string;
    phone: string;
    status: string;
    note: string | null;
    amount: bigint | null;
    currency: string;
    created_at: Date;
    reference: string | null;
    kept: boolean;
  }>(
    `select s.public_id, m.public_id as member, m.phone, s.status, s.note, s.amount, m.currency, s.created_at,
            s.reference, (s.image_key is not null or s.image is not null) as kept
     from slips s join members m on m.id = s.member_id
     where s.status = 'PROCESSING'
        or (s.status = 'FAILED' and s.handled_at is null and s.created_at > $1::timestamptz - interval '1 day')
     order by s.created_at, s.id limit 200`,
    [ctx.clock.now()],
  );
  return {
    items: rows.map((r) => ({
      slipId: r.public_id,
      memberId: r.member,
      phone: r.phone,
      status: r.status,
      note: r.note,
      amount: r.amount === null ? null : toBaht(r.amount),
      currency: r.currency,
      createdAt: r.created_at.toISOString(),
      reference: r.reference || null,
      hasPicture: r.kept,
    })),
  };
}

export function depositConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.bankLines, 'bank.read', () => bankLinesQueue(ctx));
    add(api.matchBankLine, 'bank.credit', async (req, body) => {
      await requireStepUp(ctx, staffOf(req), body.code);
      // The phone as the console shows it (081-234-5678) or with the country code finds its member too.
      return matchBankLine(ctx, actorOf(req), paramOf(req, 'reference'), {
        ...body,
        phone: phoneAsKept(body.phone),
      });
    });
    add(api.qr, 'qr.read', () => refusedQrQueue(ctx));
    add(api.qrCredit, 'qr.resolve', async (req, body) => {
      await requireStepUp(ctx, staffOf(req), body?.code);
      const phone = body?.phone === undefined ? undefined : phoneAsKept(body.phone);
      return resolveQr(ctx, actorOf(req), paramOf(req, 'id'), 'CREDITED', phone);
    });
    // Recording a refund moves no money of ours (the gateway gave it back): no step-up.
    add(api.qrRefunded, 'qr.resolve', (req, body) =>
      resolveQr(ctx, actorOf(req), paramOf(req, 'id'), 'REFUNDED', body?.phone),
    );
    add(api.slips, 'slips.read', () => slipsQueue(ctx));
  });
}
