// The withdrawals area's console face (modules/staff/console-scope.ts): the withdrawals that wait for a
// person, approved or rejected through the very service functions the operator API and `npm run ops`
// use (ops/service.ts): a large one becomes a four-eyes request (staff/approvals.ts withdrawalApproval),
// else it is claimed and paid as payWithdrawal does; settle(REJECTED) gives the money back. A rejection
// reaches the member in their chat, live, under the staff member's name: which withdrawal, that the
// money is back, and the reason (chat/bot.ts withdrawalRejectedText). Each needs step-up and commits
// with its audit row (staff/audited.ts).
import type { FastifyInstance } from 'fastify';
import { consoleQueues as api, toBaht, type QueuedWithdrawal } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { withdrawalRejectedText } from '../chat/bot.ts';
import { memberConversationId } from '../chat/console.ts';
import { reply, type ChatCtx } from '../chat/service.ts';
import { aboveThreshold, approvalThresholds, withdrawalApproval } from '../staff/approvals.ts';
import { audited } from '../staff/audited.ts';
import { actorOf, consoleRoutes, paramOf, staffOf } from '../staff/console-scope.ts';
import { requireStepUp } from '../staff/service.ts';
import { claimWithdrawal, sendPayout, settle, type PayoutOrder } from './service.ts';
import { sinceDepositOf, type SinceDepositRow } from './since-deposit.ts';

export async function withdrawalsQueue(ctx: Ctx): Promise<{ items: QueuedWithdrawal[] }> {
  const rows = await ctx.db.query<
    {
      public_id: string;
      member: string;
      phone: string;
      name: string;
      amount: bigint;
      currency: string;
      bank_code: string;
      bank_account_no: string;
      bank_account_name: string;
      created_at: Date;
      held_for: string | null;
      approval_id: string | null;
      approved: boolean;
    } & SinceDepositRow
  >(
    `select w.public_id, m.public_id as member, m.phone, m.name, w.amount, m.currency, w.bank_code,
            w.bank_account_no, w.bank_account_name, w.created_at, w.held_for,
            (select a.public_id from approval_requests a
             where a.kind = 'withdrawal' and a.payload ->> 'withdrawalId' = w.public_id
               and a.status = 'AWAITING_APPROVAL' and a.expires_at > $1
             order by a.id desc limit 1) as approval_id,
            exists (select from approval_requests a
                    where a.kind = 'withdrawal' and a.payload ->> 'withdrawalId' = w.public_id
                      and a.status = 'APPROVED') as approved,
            s.deposited_at, s.deposited, s.bets, s.net
     from withdrawals w join members m on m.id = w.member_id
     left join lateral withdrawal_since_deposit(w.id) s on true
     where w.status = 'PENDING' order by w.created_at, w.id limit 200`,
    [ctx.clock.now()],
  );
  // As withdrawalApproval judges it when it is approved.
  const thresholds = await approvalThresholds(ctx);
  return {
    items: rows.map((r) => ({
      withdrawalId: r.public_id,
      memberId: r.member,
      phone: r.phone,
      name: r.name,
      amount: toBaht(r.amount),
      currency: r.currency,
      bankCode: r.bank_code,
      bankAccountNo: r.bank_account_no,
      bankAccountName: r.bank_account_name,
      createdAt: r.created_at.toISOString(),
      heldFor: r.held_for,
      approvalId: r.approval_id,
      needsSecondApproval: !r.approved && aboveThreshold(thresholds, r.currency, r.amount),
      sinceDeposit: sinceDepositOf(r),
    })),
  };
}

async function withdrawalOf(ctx: Ctx, id: string) {
  const [w] = await ctx.db.query<{
    status: string;
    amount: bigint;
    member: string;
    member_id: string;
    currency: string;
    created_at: Date;
  }>(
    `select w.status, w.amount, m.public_id as member, m.id::text as member_id, m.currency, w.created_at
     from withdrawals w join members m on m.id = w.member_id where w.public_id = $1`,
    [id],
  );
  if (!w) throw new AppError('NOT_FOUND', 404);
  return w;
}

type Actor = ReturnType<typeof actorOf>;

/**
 * Approves: a four-eyes request above the threshold, else claimed and paid. The claim (and, paid by hand,
 * the payment) commits with its audit row; a payout provider is asked after the commit, as after a
 * member's own withdrawal, and one never asked is sent again by the reconciler.
 */
export async function approveQueuedWithdrawal(ctx: Ctx, actor: Actor, id: string) {
  let claimed: PayoutOrder | undefined;
  const answer = await audited(ctx, actor, async (tx) => {
    const before = await withdrawalOf(tx, id);
    const asked = await withdrawalApproval(tx, actor, id);
    if (!asked) claimed = await claimWithdrawal(tx, id);
    const answer = asked
      ? { withdrawalId: id, status: asked.status, approvalId: asked.id }
      : {
          withdrawalId: id,
          status: ctx.payouts ? ('PROCESSING' as const) : await settle(tx, id, 'PAID', null),
        };
    return { answer, audit: { ...about(before, id, 'withdrawal.approve'), after: answer } };
  });
  if (claimed && ctx.payouts) return { ...answer, status: await sendPayout(ctx, claimed) };
  return answer;
}

export async function rejectQueuedWithdrawal(ctx: ChatCtx, actor: Actor, id: string, reason: string) {
  const { before, status } = await audited(ctx, actor, async (tx) => {
    const before = await withdrawalOf(tx, id);
    const status = await settle(tx, id, 'REJECTED', 'REJECTED_BY_OPERATOR');
    return {
      answer: { before, status },
      audit: { ...about(before, id, 'withdrawal.reject'), after: { status, reason } },
    };
  });
  // The member learns which withdrawal, that the money is back, and why, where they talk to us; the
  // money is back whether or not this arrives.
  const conversation = await memberConversationId(ctx, before.member_id);
  const text = await withdrawalRejectedText(ctx.db, conversation, before, reason);
  await reply(ctx, actor.username, conversation, { message_type: 'text', payload: { text } });
  return { withdrawalId: id, status };
}

/** What an approval's and a rejection's audit rows say of the withdrawal as it was. */
const about = (before: Awaited<ReturnType<typeof withdrawalOf>>, id: string, action: string) => ({
  action,
  target: id,
  memberId: before.member,
  before: { status: before.status, amount: toBaht(before.amount) },
});

export function withdrawalConsoleRoutes(app: FastifyInstance, ctx: ChatCtx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.withdrawals, 'withdrawals.read', () => withdrawalsQueue(ctx));
    add(api.approveWithdrawal, 'withdrawals.decide', async (req, body) => {
      await requireStepUp(ctx, staffOf(req), body?.code);
      return approveQueuedWithdrawal(ctx, actorOf(req), paramOf(req, 'id'));
    });
    add(api.rejectWithdrawal, 'withdrawals.decide', async (req, body) => {
      await requireStepUp(ctx, staffOf(req), body.code);
      return rejectQueuedWithdrawal(ctx, actorOf(req), paramOf(req, 'id'), body.reason);
    });
  });
}
