import { toBaht, type StatementEntry } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { paged } from '../../db/paged.ts';

/**
 * The member's deposits as the statement reads them. A notice a credit answered is folded into that
 * credit's line (two SUCCESS lines would read as the money twice), which carries the notice's id. A
 * notice the operator credited itself is the deposit. A notice still PENDING past its window is FAILED
 * with outcome EXPIRED (a spec client shows it ended, not in progress); db/functions/deposits.sql has the
 * window.
 */
const DEPOSITS = `
  select 'D' || d.id as id, 'deposit' as type,
         case when d.channel = 'NOTICE' and d.status = 'PENDING' and deposit_notice_expires_at(d.created_at) <= $2
              then 'FAILED' else d.status end as status,
         d.amount, d.channel, null::text as reason,
         case when d.channel = 'NOTICE' and d.status = 'PENDING' and deposit_notice_expires_at(d.created_at) <= $2
              then 'EXPIRED' end as outcome,
         case when n.id is not null then 'D' || n.id
              when d.channel = 'NOTICE' and d.status = 'SUCCESS' then 'D' || d.id end as notice_id,
         case when d.channel = 'NOTICE' and d.status = 'PENDING' and deposit_notice_expires_at(d.created_at) > $2
              then deposit_notice_expires_at(d.created_at) end as expires_at,
         null::text as from_account, null::text as to_account, null::jsonb as related, d.created_at
  from deposits d left join deposits n on n.answered_by = d.id
  where d.member_id = $1 and d.answered_by is null`;

/**
 * WD-2 as the member reads it: FAILED (the bank did not pay) and REJECTED (the operator refused) both
 * returned the money to the wallet, which the outcome says; the reason stays the bank's or operator's code.
 */
const WITHDRAWALS = `
  select public_id as id, 'withdraw' as type,
         case status when 'PAID' then 'SUCCESS' when 'FAILED' then 'FAILED' when 'REJECTED' then 'FAILED'
                     else 'PENDING' end as status,
         amount, 'BANK' as channel, reason,
         case status when 'FAILED' then 'RETURNED' when 'REJECTED' then 'REJECTED' end as outcome,
         null::text as notice_id, null::timestamptz as expires_at,
         null::text as from_account, null::text as to_account, null::jsonb as related, created_at
  from withdrawals where member_id = $1`;

/**
 * TRF-2 as the member reads it: one line per transfer the member asked for, from and to as asked (a
 * game-to-game transfer's two legs are one line, in progress until its second leg settles). FAILED means
 * the money went back where it came from (RETURNED).
 */
const TRANSFERS = `
  select t.reference as id, 'transfer' as type, x.status, t.amount, 'GAME' as channel,
         coalesce(s.reason, t.reason) as reason,
         case when x.status = 'FAILED' then 'RETURNED' end as outcome,
         null::text as notice_id, null::timestamptz as expires_at,
         t.from_account, t.to_account, null::jsonb as related, t.created_at
  from game_transfers t left join game_transfers s on s.first_leg = t.id
  cross join lateral (select case when t.status <> 'SUCCESS' or t.then_to is null then t.status
                                  else coalesce(s.status, 'PENDING') end as status) x
  where t.member_id = $1 and t.first_leg is null`;

/**
 * Every reward as the member reads it: its credit ('bonus', +), and once its turnover was met
 * the moment it became ordinary money ('finish_bonus', no sign), each naming what paid it (related). A
 * reward paid as ordinary money at once (0 % turnover) has its credit line only.
 */
const REWARDS = `
  select 'R' || r.id as id, 'bonus' as type, 'SUCCESS' as status, r.amount, 'REWARD' as channel,
         null::text as reason, null::text as outcome, null::text as notice_id, null::timestamptz as expires_at,
         null::text as from_account, null::text as to_account,
         jsonb_build_object('kind', r.source, 'reference', r.source_ref, 'title', r.title) as related,
         r.created_at
  from rewards r where r.member_id = $1
  union all
  select 'F' || r.id, 'finish_bonus', 'SUCCESS', r.amount, 'REWARD', null, null, null, null, null, null,
         jsonb_build_object('kind', r.source, 'reference', r.source_ref, 'title', r.title), r.ended_at
  from rewards r where r.member_id = $1 and r.status = 'SUCCESS' and r.percent_success > 0`;

/**
 * ST-1, ST-2: the member's money history, newest first: deposits (every channel), withdrawals, game
 * transfers and rewards.
 */
export async function getStatement(ctx: Ctx, memberId: string, page: number, limit: number) {
  const { total, rows } = await paged<{
    id: string;
    type: StatementEntry['statementType'];
    status: StatementEntry['status'];
    amount: bigint;
    channel: string;
    reason: string | null;
    outcome: StatementEntry['outcome'];
    notice_id: string | null;
    expires_at: Date | null;
    from_account: string | null;
    to_account: string | null;
    related: StatementEntry['related'];
    created_at: Date;
  }>(
    ctx.db,
    `${DEPOSITS} union all ${WITHDRAWALS} union all ${TRANSFERS} union all ${REWARDS}`,
    [memberId, ctx.clock.now()],
    page,
    limit,
  );
  return {
    total,
    statements: rows.map((r) => ({
      _id: r.id,
      statementType: r.type,
      status: r.status,
      amount: toBaht(r.amount),
      channel: r.channel,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
      outcome: r.outcome,
      noticeId: r.notice_id,
      expiresAt: r.expires_at?.toISOString() ?? null,
      from: r.from_account,
      to: r.to_account,
      related: r.related,
    })),
  };
}
