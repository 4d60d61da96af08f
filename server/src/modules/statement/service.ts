import { statement, toBaht, type StatementEntry } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { paged } from '../../db/paged.ts';
import { AppError } from '../../errors.ts';

const { STATEMENT_EXPORT_MAX_DAYS } = statement;

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
         null::text as from_account, null::text as to_account, null::text as from_name, null::text as to_name,
         null::jsonb as related, f.from_bank_code as bank_code, f.from_account_no as bank_account_no,
         d.created_at
  from deposits d left join deposits n on n.answered_by = d.id
  left join bank_feed_items f on d.channel = 'BANK' and f.reference = d.reference
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
         null::text as from_account, null::text as to_account, null::text as from_name, null::text as to_name,
         null::jsonb as related, bank_code, bank_account_no, created_at
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
         t.from_account, t.to_account, pf.name as from_name, pt.name as to_name, null::jsonb as related,
         null::text as bank_code, null::text as bank_account_no, t.created_at
  from game_transfers t left join game_transfers s on s.first_leg = t.id
  left join game_providers pf on pf.code = t.from_account
  left join game_providers pt on pt.code = t.to_account
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
         null::text as from_account, null::text as to_account, null::text as from_name, null::text as to_name,
         jsonb_build_object('kind', r.source, 'reference', r.source_ref, 'title', r.title) as related,
         null::text as bank_code, null::text as bank_account_no, r.created_at
  from rewards r where r.member_id = $1
  union all
  select 'F' || r.id, 'finish_bonus', 'SUCCESS', r.amount, 'REWARD', null, null, null, null, null, null, null, null,
         jsonb_build_object('kind', r.source, 'reference', r.source_ref, 'title', r.title), null, null,
         r.ended_at
  from rewards r where r.member_id = $1 and r.status = 'SUCCESS' and r.percent_success > 0`;

/**
 * A staff adjustment (a four-eyes credit or debit of the wallet, modules/staff/approvals.ts) as the member
 * reads it: a credit is money in ('deposit'), a debit money out ('withdraw'), both on the channel
 * ADJUSTMENT, so a balance never changes without a line that says so.
 */
const ADJUSTMENTS = `
  select 'A' || e.id as id, case when p.amount > 0 then 'deposit' else 'withdraw' end as type,
         'SUCCESS' as status, abs(p.amount) as amount, 'ADJUSTMENT' as channel, null::text as reason,
         null::text as outcome, null::text as notice_id, null::timestamptz as expires_at,
         null::text as from_account, null::text as to_account, null::text as from_name, null::text as to_name,
         null::jsonb as related, null::text as bank_code, null::text as bank_account_no, e.created_at
  from journal_entries e
  join postings p on p.entry_id = e.id
  join ledger_accounts a on a.id = p.account_id and a.kind = 'member_wallet'
  where e.kind = 'adjustment' and e.member_id = $1`;

/** The whole history, as one list: every branch takes the member ($1) and the time now ($2). */
const ALL = `${DEPOSITS} union all ${WITHDRAWALS} union all ${TRANSFERS} union all ${REWARDS} union all ${ADJUSTMENTS}`;

/**
 * ST-4: the history narrowed to one type ($3) and the entries made between two days of the operator's
 * calendar ($4 and $5, both included, in the time zone $6); a null parameter narrows nothing.
 */
const FILTERED = `select * from (${ALL}) e
  where ($3::text is null or e.type = $3::text)
    and ($4::date is null or e.created_at >= ($4::date)::timestamp at time zone $6::text)
    and ($5::date is null or e.created_at < ($5::date + 1)::timestamp at time zone $6::text)`;

export interface StatementFilter {
  type?: StatementEntry['statementType'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface StatementRow {
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
  from_name: string | null;
  to_name: string | null;
  related: StatementEntry['related'];
  bank_code: string | null;
  bank_account_no: string | null;
  created_at: Date;
}

/** The operator's calendar the statement's days are read in (both zones are UTC+7). */
export const statementTimeZone = (ctx: Ctx) =>
  ctx.config.region === 'la' ? 'Asia/Vientiane' : 'Asia/Bangkok';

const DAY_MS = 86_400_000;
/** A YYYY-MM-DD that names a real day (2026-02-30 does not), as its UTC midnight. */
function dayOf(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day)
    throw new AppError('STATEMENT_RANGE_INVALID');
  return ms;
}

/** ST-4 / ST-6: checks a range's days and answers how many days it covers (0 for an open range). */
export function rangeDays(from: string | undefined, to: string | undefined): number {
  const start = from === undefined ? undefined : dayOf(from);
  const end = to === undefined ? undefined : dayOf(to);
  if (start === undefined || end === undefined) return 0;
  if (start > end) throw new AppError('STATEMENT_RANGE_INVALID');
  return (end - start) / DAY_MS + 1;
}

const filterParams = (ctx: Ctx, memberId: string, filter: StatementFilter) => [
  memberId,
  ctx.clock.now(),
  filter.type ?? null,
  filter.from ?? null,
  filter.to ?? null,
  statementTimeZone(ctx),
];

export const toEntry = (r: StatementRow): StatementEntry => ({
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
  fromName: r.from_name,
  toName: r.to_name,
  related: r.related,
  bankAccount:
    r.bank_code && r.bank_account_no ? { bankCode: r.bank_code, accountNo: r.bank_account_no } : null,
});

/**
 * ST-1, ST-2, ST-4: the member's money history, newest first: deposits (every channel), withdrawals, game
 * transfers and rewards, of one type and between two days when the member asks.
 */
export async function getStatement(
  ctx: Ctx,
  memberId: string,
  page: number,
  limit: number,
  filter: StatementFilter = {},
) {
  rangeDays(filter.from, filter.to);
  const { total, rows } = await paged<StatementRow>(
    ctx.db,
    FILTERED,
    filterParams(ctx, memberId, filter),
    page,
    limit,
  );
  return { total, statements: rows.map(toEntry) };
}

/** ST-6: every entry made between two days (both included), oldest first, for the export. */
export async function statementBetween(ctx: Ctx, memberId: string, from: string, to: string) {
  if (rangeDays(from, to) > STATEMENT_EXPORT_MAX_DAYS) throw new AppError('STATEMENT_RANGE_TOO_LONG');
  const rows = await ctx.db.query<StatementRow>(
    `${FILTERED} order by e.created_at, e.id`,
    filterParams(ctx, memberId, { from, to }),
  );
  const [member] = await ctx.db.query<{ currency: string }>('select currency from members where id = $1', [
    memberId,
  ]);
  return { entries: rows.map(toEntry), currency: member?.currency ?? 'BAHT' };
}
