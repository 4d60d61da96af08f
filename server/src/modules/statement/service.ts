import { toBaht, type StatementEntry } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { paged } from '../../db/paged.ts';
import { minor } from '../../ledger/ledger.ts';

/**
 * ST-1, ST-2: the member's money history, newest first: deposits (every channel) and withdrawals. Game
 * transfers and bonuses join this union when their issues land.
 */
export async function getStatement(ctx: Ctx, memberId: string, page: number, limit: number) {
  const history = `
    select 'D' || id as id, 'deposit' as type, status, amount, channel, null::text as reason, created_at
    from deposits where member_id = $1
    union all
    select public_id, 'withdraw',
           case status when 'PAID' then 'SUCCESS' when 'FAILED' then 'FAILED' when 'REJECTED' then 'FAILED'
                       else 'PENDING' end,
           amount, 'BANK', reason, created_at
    from withdrawals where member_id = $1`;
  const { total, rows } = await paged<{
    id: string;
    type: StatementEntry['statementType'];
    status: StatementEntry['status'];
    amount: unknown;
    channel: string;
    reason: string | null;
    created_at: Date;
  }>(ctx.db, history, [memberId], page, limit);
  return {
    total,
    statements: rows.map((r) => ({
      _id: r.id,
      statementType: r.type,
      status: r.status,
      amount: toBaht(minor(r.amount)),
      channel: r.channel,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
    })),
  };
}
