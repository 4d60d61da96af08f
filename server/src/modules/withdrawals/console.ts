// The withdrawals area's console face (modules/staff/console-scope.ts): the withdrawals that wait for a
// person, approved or rejected through the very service functions the operator API and `npm run ops`
// use (ops/service.ts): a large one becomes a four-eyes request (staff/approvals.ts withdrawalApproval),
// else payWithdrawal pays it; settle(REJECTED) gives the money back. A rejection's reason reaches the
// member in their chat, live, under the staff member's name. Each is audited and needs step-up.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consoleQueues as api, toBaht, type QueuedWithdrawal } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { memberConversationId } from '../chat/console.ts';
import { reply, type ChatCtx } from '../chat/service.ts';
import { withdrawalApproval } from '../staff/approvals.ts';
import { appendAudit } from '../staff/audit.ts';
import { consoleRoutes, staffOf } from '../staff/console-scope.ts';
import { requireStepUp } from '../staff/service.ts';
import { payWithdrawal, settle } from './service.ts';

export async function withdrawalsQueue(ctx: Ctx): Promise<{ items: QueuedWithdrawal[] }> {
  const rows = await ctx.db.query<{
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
  }>(
    `select w.public_id, m.public_id as member, m.phone, m.name, w.amount, m.currency, w.bank_code,
            w.bank_account_no, w.bank_account_name, w.created_at, w.held_for
     from withdrawals w join members m on m.id = w.member_id
     where w.status = 'PENDING' order by w.created_at, w.id limit 200`,
  );
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
    })),
  };
}

async function withdrawalOf(ctx: Ctx, id: string) {
  const [w] = await ctx.db.query<{ status: string; amount: bigint; member: string; member_id: string }>(
    `select w.status, w.amount, m.public_id as member, m.id::text as member_id
     from withdrawals w join members m on m.id = w.member_id where w.public_id = $1`,
    [id],
  );
  if (!w) throw new AppError('NOT_FOUND', 404);
  return w;
}

type Actor = { username: string; role: ReturnType<typeof staffOf>['role']; ip: string | null };

export async function approveQueuedWithdrawal(ctx: Ctx, actor: Actor, id: string) {
  const before = await withdrawalOf(ctx, id);
  const asked = await withdrawalApproval(ctx, actor, id);
  const answer = asked
    ? { withdrawalId: id, status: asked.status, approvalId: asked.id }
    : { withdrawalId: id, status: await payWithdrawal(ctx, id) };
  await appendAudit(ctx.db, ctx.clock.now(), {
    actor: actor.username,
    action: 'withdrawal.approve',
    target: id,
    memberId: before.member,
    before: { status: before.status, amount: toBaht(before.amount) },
    after: answer,
    ip: actor.ip,
  });
  return answer;
}

export async function rejectQueuedWithdrawal(ctx: ChatCtx, actor: Actor, id: string, reason: string) {
  const before = await withdrawalOf(ctx, id);
  const status = await settle(ctx, id, 'REJECTED', 'REJECTED_BY_OPERATOR');
  await appendAudit(ctx.db, ctx.clock.now(), {
    actor: actor.username,
    action: 'withdrawal.reject',
    target: id,
    memberId: before.member,
    before: { status: before.status, amount: toBaht(before.amount) },
    after: { status, reason },
    ip: actor.ip,
  });
  // The member learns why where they talk to us; the money is back whether or not this arrives.
  const conversation = await memberConversationId(ctx, before.member_id);
  await reply(ctx, actor.username, conversation, { message_type: 'text', payload: { text: reason } });
  return { withdrawalId: id, status };
}

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
const actorOf = (req: FastifyRequest): Actor => {
  const s = staffOf(req);
  return { username: s.username, role: s.role, ip: req.ip };
};

export function withdrawalConsoleRoutes(app: FastifyInstance, ctx: ChatCtx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.withdrawals, 'withdrawals.read', () => withdrawalsQueue(ctx));
    add(api.approveWithdrawal, 'withdrawals.decide', async (req, body) => {
      await requireStepUp(ctx, staffOf(req), body?.code);
      return approveQueuedWithdrawal(ctx, actorOf(req), idOf(req));
    });
    add(api.rejectWithdrawal, 'withdrawals.decide', async (req, body) => {
      await requireStepUp(ctx, staffOf(req), body.code);
      return rejectQueuedWithdrawal(ctx, actorOf(req), idOf(req), body.reason);
    });
  });
}
