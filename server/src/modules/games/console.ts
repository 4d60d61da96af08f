// The games area's console face (modules/staff/console-scope.ts): transfers into or out of a game still
// unsettled STUCK_TRANSFER_AFTER_S after they started. "Ask again" makes the leg due now and runs the
// reconciler (transfers.ts reconcileTransfers), the same that runs on its timer: the provider's answer
// settles it (SUCCESS posts, FAILED returns the money), so no person decides where money goes. The
// staff member's change is the asking: made due and audited in one transaction, the provider asked after.
import type { FastifyInstance } from 'fastify';
import { consoleQueues as api, STUCK_TRANSFER_AFTER_S, toBaht } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { audited, type Actor } from '../staff/audited.ts';
import { actorOf, consoleRoutes, paramOf } from '../staff/console-scope.ts';
import { reconcileTransfers } from './transfers.ts';

export async function stuckTransfers(ctx: Ctx) {
  const rows = await ctx.db.query<{
    reference: string;
    member: string;
    phone: string;
    provider: string;
    direction: string;
    amount: bigint;
    currency: string;
    created_at: Date;
    checks: number;
  }>(
    `select t.reference, m.public_id as member, m.phone, t.provider, t.direction, t.amount, m.currency,
            t.created_at, t.checks
     from game_transfers t join members m on m.id = t.member_id
     where t.status = 'PENDING' and t.created_at <= $1::timestamptz - make_interval(secs => ${STUCK_TRANSFER_AFTER_S})
     order by t.created_at, t.id limit 200`,
    [ctx.clock.now()],
  );
  return {
    items: rows.map((r) => ({
      reference: r.reference,
      memberId: r.member,
      phone: r.phone,
      provider: r.provider,
      direction: r.direction,
      amount: toBaht(r.amount),
      currency: r.currency,
      createdAt: r.created_at.toISOString(),
      checks: r.checks,
    })),
  };
}

const statusOf = async (ctx: Ctx, reference: string) =>
  (
    await ctx.db.query<{ status: string; member: string }>(
      `select t.status, m.public_id as member from game_transfers t join members m on m.id = t.member_id
       where t.reference = $1`,
      [reference],
    )
  )[0];

export async function checkTransfer(ctx: Ctx, actor: Actor, reference: string) {
  const asked = await audited(ctx, actor, async (tx) => {
    const before = await statusOf(tx, reference);
    if (!before) throw new AppError('NOT_FOUND', 404);
    const due = await tx.db.query<{ next_check_at: Date }>(
      `update game_transfers set next_check_at = $2 where reference = $1 and status = 'PENDING'
       returning next_check_at`,
      [reference, tx.clock.now()],
    );
    return {
      answer: due.length > 0,
      audit: {
        action: 'transfer.check',
        target: reference,
        memberId: before.member,
        before: { status: before.status },
        after: { status: before.status, askedAt: due[0]?.next_check_at ?? null },
      },
    };
  });
  // The provider is asked outside any transaction: its answer, not the staff member, settles the leg.
  if (asked) await reconcileTransfers(ctx);
  return { reference, status: (await statusOf(ctx, reference))!.status };
}

export function gameConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.transfers, 'transfers.read', () => stuckTransfers(ctx));
    add(api.checkTransfer, 'transfers.resolve', (req) =>
      checkTransfer(ctx, actorOf(req), paramOf(req, 'reference')),
    );
  });
}
