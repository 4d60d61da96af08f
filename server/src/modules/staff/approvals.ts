// Four-eyes (ASVS 2.3.5, maker-checker): a manual credit or debit, a large withdrawal, a staff member's
// change of a payout account and a role change wait as AWAITING_APPROVAL until another staff member
// decides. Approving executes the action in the same transaction that marks the request, with the
// request's row locked: of two approvals, or twenty, one executes and the others find it decided.
import {
  toBaht,
  toMinor,
  type Approval,
  type ApprovalKind,
  type Currency,
  type StaffRole,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { randomCode } from '../../lib/crypto.ts';
import { ADJUSTMENTS_ACCOUNT } from '../../ledger/account-names.ts';
import { memberAccount, post } from '../../ledger/ledger.ts';
import { appendAudit, audit } from './audit.ts';
import { inTransaction } from './audited.ts';
import { can, DECIDE_PERMISSION } from './permissions.ts';
import { setRole } from './service.ts';
import { checkBankAccount } from '../accounts/rules.ts';
import { payWithdrawal } from '../withdrawals/service.ts';
import { sinceDepositOf, type SinceDepositRow } from '../withdrawals/since-deposit.ts';
import { getSetting } from '../../db/settings.ts';

/**
 * The four-eyes threshold of each currency, in minor units (console.approvalAboveMinor: {"BAHT": minor,
 * "LAK": minor}, set in the console's withdrawal settings); a currency without a number has none.
 * wallet_withdraw (db/functions/withdrawals.sql) reads the setting by the same rule.
 */
export async function approvalThresholds(ctx: Ctx): Promise<Partial<Record<string, bigint>>> {
  const setting = (await getSetting<Record<string, unknown>>(ctx.db, 'console.approvalAboveMinor')) ?? {};
  return Object.fromEntries(
    Object.entries(setting).flatMap(([currency, v]) =>
      typeof v === 'number' ? [[currency, BigInt(Math.floor(v))]] : [],
    ),
  );
}

/** Whether an amount (minor units) of this currency needs a second approval under `thresholds`. */
export function aboveThreshold(
  thresholds: Partial<Record<string, bigint>>,
  currency: string,
  amount: bigint,
): boolean {
  const above = thresholds[currency];
  return above !== undefined && amount > above;
}

/**
 * The operator's approval of a withdrawal (modules/ops) above console.approvalAboveMinor of its currency
 * and not yet approved by two: a four-eyes request instead (the one already waiting, if there is one).
 * Undefined: under the threshold, or approved already; pay it.
 */
export async function withdrawalApproval(
  ctx: Ctx,
  actor: Actor,
  withdrawalId: string,
): Promise<{ id: string; status: 'AWAITING_APPROVAL' } | undefined> {
  const [w] = await ctx.db.query<{ amount: bigint; currency: string; member: string; status: string }>(
    `select w.amount, m.currency, m.public_id as member, w.status from withdrawals w
     join members m on m.id = w.member_id where w.public_id = $1`,
    [withdrawalId],
  );
  if (!w || w.status !== 'PENDING') return undefined;
  if (!aboveThreshold(await approvalThresholds(ctx), w.currency, w.amount)) return undefined;
  const [existing] = await ctx.db.query<{ public_id: string; status: string }>(
    `select public_id, status from approval_requests where kind = 'withdrawal'
     and payload ->> 'withdrawalId' = $1 and status in ('AWAITING_APPROVAL', 'APPROVED') order by id desc limit 1`,
    [withdrawalId],
  );
  if (existing?.status === 'APPROVED') return undefined;
  if (existing) return { id: existing.public_id, status: 'AWAITING_APPROVAL' };
  return requestApproval(
    ctx,
    actor,
    'withdrawal',
    { withdrawalId, memberId: w.member, amount: toBaht(w.amount), currency: w.currency },
    w.member,
  );
}

/** A request not decided in this long expires and changes nothing. */
export const APPROVAL_TTL_MS = 24 * 60 * 60_000;
/** The kinds that move money: deciding them needs a recent TOTP code (step-up). */
export const MONEY_KINDS: readonly ApprovalKind[] = ['adjustment', 'withdrawal', 'payout-account'];

interface Actor {
  username: string;
  role: StaffRole;
  ip: string | null;
}

interface Row {
  id: string;
  public_id: string;
  kind: ApprovalKind;
  payload: Record<string, unknown>;
  maker: string;
  created_at: Date;
  expires_at: Date;
  status: Approval['status'];
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
}

/** A request's columns, of the table under its alias `t` (e.g. 'a.') where a query joins others. */
const columnsOf = (t = '') =>
  `${t}id::text as id, ${t}public_id, ${t}kind, ${t}payload, ${t}maker, ${t}created_at, ${t}expires_at,
   ${t}status, ${t}decided_by, ${t}decided_at, ${t}reason`;
const COLUMNS = columnsOf();

const toApproval = (r: Row): Approval => ({
  subject: null,
  id: r.public_id,
  kind: r.kind,
  payload: r.payload,
  maker: r.maker,
  createdAt: r.created_at.toISOString(),
  status: r.status,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at?.toISOString() ?? null,
  reason: r.reason,
});

export async function requestApproval(
  ctx: Ctx,
  actor: Actor,
  kind: ApprovalKind,
  payload: Record<string, unknown>,
  memberId: string | null = null,
  /** Checked in the request's transaction, before it is made (a refusal makes nothing). */
  guard?: (q: Queryable, now: Date) => Promise<void>,
): Promise<{ id: string; status: 'AWAITING_APPROVAL' }> {
  const now = ctx.clock.now();
  const publicId = `A${randomCode(12)}`;
  await ctx.db.tx(async (q) => {
    await guard?.(q, now);
    await q.query(
      `insert into approval_requests (public_id, kind, payload, maker, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        publicId,
        kind,
        JSON.stringify(payload),
        actor.username,
        now,
        new Date(now.getTime() + APPROVAL_TTL_MS),
      ],
    );
    await appendAudit(q, now, {
      actor: actor.username,
      action: `approval.request.${kind}`,
      target: publicId,
      memberId,
      after: payload,
      ip: actor.ip,
    });
  });
  return { id: publicId, status: 'AWAITING_APPROVAL' };
}

/** A staff member's change of a member's payout account, as a request (checked now and when approved). */
export async function requestPayoutAccount(
  ctx: Ctx,
  actor: Actor,
  memberId: string,
  body: { bankCode: string; bankAccountNo: string; bankAccountName: string; reason: string },
  /** The TOTP step-up, asked once the account is known to be acceptable: a bad one uses no code. */
  stepUp: () => Promise<void>,
) {
  const [m] = await ctx.db.query<{
    id: string;
    currency: Currency;
    bank_code: string;
    bank_account_no: string;
    bank_account_name: string;
  }>(
    `select id::text as id, currency, bank_code, bank_account_no, bank_account_name from members
     where public_id = $1`,
    [memberId],
  );
  if (!m) throw new AppError('NO_USER', 404);
  const bank = {
    bankCode: body.bankCode,
    bankAccountNo: body.bankAccountNo,
    bankAccountName: body.bankAccountName,
  };
  // Asking for what is already there would only hold the member's withdrawals for nothing.
  if (
    bank.bankCode === m.bank_code &&
    bank.bankAccountNo === m.bank_account_no &&
    bank.bankAccountName === m.bank_account_name
  )
    throw new AppError('PAYOUT_ACCOUNT_SAME');
  await checkBankAccount(ctx.db, ctx.config.region, bank, m.id, m.currency);
  await stepUp();
  return requestApproval(ctx, actor, 'payout-account', { memberId, ...bank, reason: body.reason }, memberId);
}

/** A manual credit (amount > 0) or debit of a member's wallet, as a request: POST /api/console/adjustments. */
export async function requestAdjustment(
  ctx: Ctx,
  actor: Actor,
  body: { phone: string; amount: number; reason: string },
  /** The TOTP step-up, asked once the request is known to be acceptable: a bad one uses no code. */
  stepUp: () => Promise<void>,
) {
  const [member] = await ctx.db.query<{ id: string; public_id: string; currency: string }>(
    'select id::text as id, public_id, currency from members where phone = $1',
    [body.phone],
  );
  if (!member) throw new AppError('NO_USER', 404);
  // A debit the wallet cannot pay now is refused to its maker, not left for the checker to find: the
  // ledger refuses it again at the approval, if the wallet has fallen meanwhile.
  if (body.amount < 0) {
    const [wallet] = await ctx.db.query<{ balance: bigint }>(
      'select balance from ledger_accounts where code = $1',
      [memberAccount('member_wallet', member.id)],
    );
    if ((wallet?.balance ?? 0n) + toMinor(body.amount) < 0n) throw new AppError('MONEY_NOT_ENOUGH');
  }
  await stepUp();
  return requestApproval(
    ctx,
    actor,
    'adjustment',
    {
      memberId: member.public_id,
      phone: body.phone,
      amount: body.amount,
      currency: member.currency,
      reason: body.reason,
    },
    member.public_id,
    // The same amount for the same member already waiting is a double click or two staff members
    // answering one call: approved twice, it would move the money twice. One at a time per member.
    async (q, now) => {
      await q.query('select pg_advisory_xact_lock(hashtext($1))', [`adjustment:${member.public_id}`]);
      const [twin] = await q.query<{ id: string }>(
        `select public_id as id from approval_requests
         where kind = 'adjustment' and status = 'AWAITING_APPROVAL' and expires_at > $3
           and payload->>'memberId' = $1 and (payload->>'amount')::numeric = $2::numeric`,
        [member.public_id, String(body.amount), now],
      );
      if (twin) throw new AppError('APPROVAL_PENDING', 409);
    },
  );
}

interface ListedRow extends Row, SinceDepositRow {
  m_name: string | null;
  m_phone: string | null;
  m_bank_code: string | null;
  m_account_no: string | null;
  m_account_name: string | null;
  w_bank_code: string | null;
  w_account_no: string | null;
  w_account_name: string | null;
}

/**
 * The requests of one status, newest first, each with what its approver compares against (subject): the
 * member as they are now and, for a withdrawal, the account it pays to.
 */
export async function listApprovals(ctx: Ctx, status: string | undefined) {
  const rows = await ctx.db.query<ListedRow>(
    `select ${columnsOf('a.')},
            m.name as m_name, m.phone as m_phone, m.bank_code as m_bank_code,
            m.bank_account_no as m_account_no, m.bank_account_name as m_account_name,
            w.bank_code as w_bank_code, w.bank_account_no as w_account_no, w.bank_account_name as w_account_name,
            s.deposited_at, s.deposited, s.bets, s.net
     from approval_requests a
     left join members m on a.kind <> 'role' and m.public_id = a.payload ->> 'memberId'
     left join withdrawals w on a.kind = 'withdrawal' and w.public_id = a.payload ->> 'withdrawalId'
     left join lateral withdrawal_since_deposit(w.id) s on w.id is not null
     where a.status = $1 order by a.id desc limit 200`,
    [status ?? 'AWAITING_APPROVAL'],
  );
  return {
    items: rows.map((r) => ({
      ...toApproval(r),
      subject:
        r.m_name === null
          ? null
          : {
              name: r.m_name,
              phone: r.m_phone ?? '',
              account: {
                bankCode: r.m_bank_code ?? '',
                accountNo: r.m_account_no ?? '',
                accountName: r.m_account_name ?? '',
              },
              paysTo:
                r.w_bank_code === null
                  ? null
                  : {
                      bankCode: r.w_bank_code,
                      accountNo: r.w_account_no ?? '',
                      accountName: r.w_account_name ?? '',
                    },
              sinceDeposit: sinceDepositOf(r),
            },
    })),
  };
}

/** What an approved request does, inside the deciding transaction. */
async function execute(ctx: Ctx, q: Queryable, r: Row): Promise<{ before?: unknown; after?: unknown }> {
  const p = r.payload;
  switch (r.kind) {
    case 'adjustment': {
      const [m] = await q.query<{ id: string }>('select id::text as id from members where public_id = $1', [
        String(p.memberId),
      ]);
      if (!m) throw new AppError('NO_USER', 404);
      const minor = toMinor(Number(p.amount));
      const wallet = memberAccount('member_wallet', m.id);
      await post(q, {
        kind: 'adjustment',
        reference: `adjustment:${r.public_id}`,
        memberId: m.id,
        at: ctx.clock.now(),
        lines: [
          { account: wallet, amount: minor },
          { account: ADJUSTMENTS_ACCOUNT, amount: -minor },
        ],
      });
      const [after] = await q.query<{ balance: bigint }>(
        'select balance from ledger_accounts where code = $1',
        [wallet],
      );
      return { after: { wallet: toBaht(after?.balance ?? 0n) } };
    }
    case 'withdrawal': {
      const id = String(p.withdrawalId);
      // Without a payout provider approving records the manual payment: paid in this very transaction.
      // With one the hold is lifted here and the bank is asked after the commit (decide); should that
      // never happen, the reconciler pays a pending withdrawal without a hold (withdrawals/service.ts).
      const [w] = await q.query<{ public_id: string }>(
        `update withdrawals set held_for = null, updated_at = $2 where public_id = $1 and status = 'PENDING'
         returning public_id`,
        [id, ctx.clock.now()],
      );
      if (!w) throw new AppError('WITHDRAWAL_NOT_PENDING', 409);
      if (!ctx.payouts) return { after: { status: await payWithdrawal(inTransaction(ctx, q), id) } };
      return { after: { status: 'PENDING' } };
    }
    case 'payout-account': {
      const [m] = await q.query<{ id: string; currency: Currency; bank: Record<string, string> }>(
        `select id::text as id, currency, jsonb_build_object('bankCode', bank_code, 'bankAccountNo',
           bank_account_no, 'bankAccountName', bank_account_name) as bank
         from members where public_id = $1 for update`,
        [String(p.memberId)],
      );
      if (!m) throw new AppError('NO_USER', 404);
      const bank = {
        bankCode: String(p.bankCode),
        bankAccountNo: String(p.bankAccountNo),
        bankAccountName: String(p.bankAccountName),
      };
      // Checked again: another member may have registered the account since the request.
      await checkBankAccount(q, ctx.config.region, bank, m.id, m.currency);
      // A new account holds new withdrawals (PRO-3); a corrected name on the same account does not.
      await q.query(
        `update members set bank_code = $2, bank_account_no = $3, bank_account_name = $4,
           bank_changed_at = case when bank_code <> $2 or bank_account_no <> $3 then $5 else bank_changed_at end,
           updated_at = $5 where id = $1`,
        [m.id, bank.bankCode, bank.bankAccountNo, bank.bankAccountName, ctx.clock.now()],
      );
      return { before: m.bank, after: bank };
    }
    case 'role':
      return setRole(q, String(p.username), p.role as StaffRole);
  }
}

/**
 * Approves or rejects: the maker never decides their own (403 FOUR_EYES); a request decided, or past its
 * expiry, answers 409 ALREADY_DECIDED and changes nothing.
 */
export async function decide(
  ctx: Ctx,
  actor: Actor,
  publicId: string,
  decision: 'approve' | 'reject',
  reason: string | undefined,
) {
  const now = ctx.clock.now();
  const outcome = await ctx.db.tx(async (q) => {
    const [r] = await q.query<Row>(
      `select ${COLUMNS} from approval_requests where public_id = $1 for update`,
      [publicId],
    );
    if (!r) throw new AppError('NOT_FOUND', 404);
    if (!can(actor.role, DECIDE_PERMISSION[r.kind])) throw new AppError('FORBIDDEN', 403);
    if (r.status !== 'AWAITING_APPROVAL') return { refused: 'ALREADY_DECIDED' as const };
    if (r.expires_at <= now) {
      await q.query(`update approval_requests set status = 'EXPIRED', decided_at = $2 where id = $1`, [
        r.id,
        now,
      ]);
      return { refused: 'ALREADY_DECIDED' as const };
    }
    if (r.maker === actor.username) return { refused: 'FOUR_EYES' as const, row: r };
    const done = decision === 'approve' ? await execute(ctx, q, r) : {};
    const [decided] = await q.query<Row>(
      `update approval_requests set status = $2, decided_by = $3, decided_at = $4, reason = $5, result = $6
       where id = $1 returning ${COLUMNS}`,
      [
        r.id,
        decision === 'approve' ? 'APPROVED' : 'REJECTED',
        actor.username,
        now,
        reason ?? null,
        JSON.stringify(done.after ?? null),
      ],
    );
    await appendAudit(q, now, {
      actor: actor.username,
      action: `approval.${decision}.${r.kind}`,
      target: r.public_id,
      memberId: typeof r.payload.memberId === 'string' ? r.payload.memberId : null,
      before: done.before ?? r.payload,
      // What the decision made: the executed action's result, or the request's new status and why.
      after:
        decision === 'approve'
          ? (done.after ?? { status: 'APPROVED' })
          : { status: 'REJECTED', reason: reason ?? null },
      ip: actor.ip,
    });
    return { approval: toApproval(decided!) };
  });
  if ('refused' in outcome) {
    await ctx.db.tx((q) =>
      appendAudit(q, now, {
        actor: actor.username,
        action: `approval.${decision}.refused`,
        target: publicId,
        after: { why: outcome.refused },
        ip: actor.ip,
      }),
    );
    throw outcome.refused === 'FOUR_EYES'
      ? new AppError('FOUR_EYES', 403)
      : new AppError('ALREADY_DECIDED', 409);
  }
  const approval = outcome.approval!;
  if (approval.kind === 'withdrawal' && decision === 'approve' && ctx.payouts) {
    const id = String(approval.payload.withdrawalId);
    await payWithdrawal(ctx, id).catch((err: unknown) => ctx.log.error({ err }, 'approved payout failed'));
  }
  return approval;
}

/**
 * Whether `actor` may decide the request, asked before any TOTP code is: a role that may not decide its
 * kind is refused (FORBIDDEN, audited as a refused permission) without being asked for a code first. The
 * answer says whether a code will be needed: a money request another person made. The maker's own
 * request is refused by decide() (FOUR_EYES), with no code asked either.
 */
export async function checkDecider(
  ctx: Ctx,
  actor: Actor,
  publicId: string,
): Promise<{ needsCode: boolean }> {
  const [r] = await ctx.db.query<{ kind: ApprovalKind; maker: string }>(
    'select kind, maker from approval_requests where public_id = $1',
    [publicId],
  );
  if (!r) throw new AppError('NOT_FOUND', 404);
  if (!can(actor.role, DECIDE_PERMISSION[r.kind])) {
    await audit(ctx.db, ctx.clock.now(), {
      actor: actor.username,
      action: 'permission.refused',
      target: `approval ${publicId} (${r.kind})`,
      ip: actor.ip,
    });
    throw new AppError('FORBIDDEN', 403);
  }
  return { needsCode: MONEY_KINDS.includes(r.kind) && r.maker !== actor.username };
}
