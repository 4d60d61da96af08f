// The console's home: one tile per queue that waits for a person, with how many, since when, and how much
// per currency. A tile is shown only to a role that may read its queue (staff/permissions.ts); the
// queues' own tables (deposits/console.ts, withdrawals/console.ts, ...) list the same rows these count.
import {
  STUCK_TRANSFER_AFTER_S,
  toBaht,
  type QueueName,
  type QueueTile,
  type StaffRole,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { can, type Permission } from '../staff/permissions.ts';

/** A queue's rows: when each started waiting, its amount in minor units (0 for a chat) and currency. */
const SOURCES: Record<QueueName, { permission: Permission; sql: string }> = {
  bankLines: {
    permission: 'bank.read',
    sql: `select received_at as at, amount, coalesce(currency, '') as currency
          from bank_feed_items where outcome = 'UNMATCHED'`,
  },
  withdrawals: {
    permission: 'withdrawals.read',
    sql: `select w.created_at as at, w.amount, m.currency from withdrawals w
          join members m on m.id = w.member_id where w.status = 'PENDING'`,
  },
  // Slips the verifier still works on, and those it refused in the last day that nobody has handled yet
  // (a member may be waiting for a person to look at the transfer).
  slips: {
    permission: 'slips.read',
    sql: `select s.created_at as at, coalesce(s.amount, 0) as amount, m.currency from slips s
          join members m on m.id = s.member_id
          where s.status = 'PROCESSING'
             or (s.status = 'FAILED' and s.handled_at is null and s.created_at > $1::timestamptz - interval '1 day')`,
  },
  transfers: {
    permission: 'transfers.read',
    sql: `select t.created_at as at, t.amount, m.currency from game_transfers t
          join members m on m.id = t.member_id
          where t.status = 'PENDING' and t.created_at <= $1::timestamptz - make_interval(secs => ${STUCK_TRANSFER_AFTER_S})`,
  },
  qr: {
    permission: 'qr.read',
    sql: `select r.paid_at as at, r.amount, coalesce(m.currency, '') as currency from refused_qr_payments r
          left join members m on m.id = r.member_id where r.resolution is null`,
  },
  chats: {
    permission: 'chat.read',
    sql: `select w.waiting_since as at, 0::bigint as amount, '' as currency from (
            select ${waitingSinceSql('c')} as waiting_since from chat_conversations c where not c.closed
          ) w where w.waiting_since is not null`,
  },
};

/**
 * The customer's first message after the operator's last one (a bot's greeting answers nothing): null
 * when nothing waits for a person. `c` names the chat_conversations row.
 */
export function waitingSinceSql(c: string) {
  return `(select min(x.created_at) from chat_messages x
     where x.conversation_id = ${c}.id and x.sender = 'customer'
       and x.seq > coalesce((select max(o.seq) from chat_messages o
                             where o.conversation_id = ${c}.id and o.sender = 'operator'), 0))`;
}

export const QUEUE_PERMISSION = Object.fromEntries(
  Object.entries(SOURCES).map(([q, s]) => [q, s.permission]),
) as Record<QueueName, Permission>;

export async function queueSummary(ctx: Ctx, role: StaffRole): Promise<{ tiles: QueueTile[]; at: string }> {
  const now = ctx.clock.now();
  const tiles: QueueTile[] = [];
  for (const [queue, source] of Object.entries(SOURCES) as [QueueName, (typeof SOURCES)[QueueName]][]) {
    if (!can(role, source.permission)) continue;
    const usesNow = source.sql.includes('$1');
    const rows = await ctx.db.query<{ currency: string; n: number; oldest: Date | null; total: bigint }>(
      `select currency, count(*)::int as n, min(at) as oldest, sum(amount)::bigint as total
       from (${source.sql}) q group by currency order by currency`,
      usesNow ? [now] : [],
    );
    const oldest = rows.reduce<Date | null>(
      (o, r) => (r.oldest && (!o || r.oldest < o) ? r.oldest : o),
      null,
    );
    tiles.push({
      queue,
      count: rows.reduce((n, r) => n + r.n, 0),
      oldestAt: oldest?.toISOString() ?? null,
      oldestAgeS: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
      sums: queue === 'chats' ? [] : rows.map((r) => ({ currency: r.currency, amount: toBaht(r.total) })),
    });
  }
  return { tiles, at: now.toISOString() };
}
