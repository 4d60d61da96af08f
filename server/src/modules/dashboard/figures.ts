// The dashboard's figures for a range of Bangkok days, per currency. Cash flow, bonus cost and
// adjustments are read from the ledger (each such journal entry has one house posting: its amount is
// the house's side of the movement), GGR from the bet feed's rounds by the time they were played.
// Active members moved money or played in the range; new ones registered in it.
import {
  CURRENCIES,
  DASHBOARD_DAY_PATTERN,
  DASHBOARD_MAX_DAYS,
  toBaht,
  type Currency,
  type Dashboard,
  type DashboardCurrency,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';

export const DASHBOARD_TIME_ZONE = 'Asia/Bangkok';
/** Bangkok is UTC+7 all year (no daylight saving), and so is Laos. */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Bangkok day an instant falls on, as YYYY-MM-DD. */
export const bangkokDay = (at: Date) => new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
/** The instant a Bangkok day starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);

/** The range a query asks for: both days included, today when left out; INVALID_REQUEST otherwise. */
export function dashboardRange(
  query: Record<string, unknown>,
  now: Date,
): { from: string; to: string; start: Date; end: Date } {
  const day = (v: unknown) => {
    if (v === undefined || v === '') return bangkokDay(now);
    if (typeof v !== 'string' || !DASHBOARD_DAY_PATTERN.test(v)) throw new AppError('INVALID_REQUEST');
    const start = dayStart(v);
    // 2026-02-31 parses to a March day: a day that is not itself is refused.
    if (Number.isNaN(start.getTime()) || bangkokDay(start) !== v) throw new AppError('INVALID_REQUEST');
    return v;
  };
  const from = day(query.from);
  const to = query.to === undefined || query.to === '' ? from : day(query.to);
  const start = dayStart(from);
  const end = new Date(dayStart(to).getTime() + DAY_MS);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days < 1 || days > DASHBOARD_MAX_DAYS) throw new AppError('INVALID_REQUEST');
  return { from, to, start, end };
}

interface EntryRow {
  currency: Currency;
  kind: 'deposit' | 'payout' | 'reward' | 'adjustment';
  channel: string | null;
  hour: number;
  n: number;
  house: bigint;
}

// The channel a deposit came through is the house account it came from (a gateway is QR, the True Wallet
// account TRUEWALLET, bank cash BANK), but a slip is credited under the bank feed's own reference into
// bank cash: its deposits row says SLIP. A payout's channel is the member's bank; a reward's, its source.
const ENTRIES_SQL = `
  select e.currency, e.kind,
         case e.kind
           when 'deposit' then
             case when a.code like 'house:gateway:%' then 'QR'
                  when a.code like 'house:truewallet:%' then 'TRUEWALLET'
                  when e.reference like 'deposit:bank:%' and exists (
                    select 1 from deposits d
                    where d.channel = 'SLIP' and d.status = 'SUCCESS' and d.reference = substr(e.reference, 14)
                  ) then 'SLIP'
                  else 'BANK' end
           when 'payout' then w.bank_code
           when 'reward' then r.source
         end as channel,
         extract(hour from e.created_at at time zone '${DASHBOARD_TIME_ZONE}')::int as hour,
         count(*)::int as n, sum(p.amount)::bigint as house
  from journal_entries e
  join postings p on p.entry_id = e.id
  join ledger_accounts a on a.id = p.account_id and a.kind = 'house'
  left join withdrawals w on e.kind = 'payout' and w.public_id = split_part(e.reference, ':', 2)
  left join rewards r
    on e.kind = 'reward' and r.id = (case when e.kind = 'reward' then split_part(e.reference, ':', 2)::bigint end)
  where e.kind in ('deposit', 'payout', 'reward', 'adjustment') and e.created_at >= $1 and e.created_at < $2
  group by 1, 2, 3, 4`;

// Rounds of a username that is no member's are kept by the feed but never counted (019_bet_feed.sql).
const ROUNDS_SQL = `
  select m.currency, r.provider, extract(hour from r.played_at at time zone '${DASHBOARD_TIME_ZONE}')::int as hour,
         count(*)::int as n, sum(r.bet)::bigint as bets, sum(r.win)::bigint as wins
  from game_rounds r join members m on m.id = r.member_id
  where r.played_at >= $1 and r.played_at < $2
  group by 1, 2, 3`;

const MEMBERS_SQL = `
  select m.currency,
         count(*) filter (where m.id in (
           select e.member_id from journal_entries e
           where e.member_id is not null and e.created_at >= $1 and e.created_at < $2
           union
           select r.member_id from game_rounds r
           where r.member_id is not null and r.played_at >= $1 and r.played_at < $2
         ))::int as active,
         count(*) filter (where m.created_at >= $1 and m.created_at < $2)::int as new
  from members m group by 1`;

type Sums = Map<string, { n: number; minor: bigint }>;
const add = (sums: Sums, key: string, n: number, minor: bigint) => {
  const s = sums.get(key) ?? { n: 0, minor: 0n };
  sums.set(key, { n: s.n + n, minor: s.minor + minor });
};
const listOf = (sums: Sums) =>
  [...sums]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([channel, s]) => ({ channel, count: s.n, amount: toBaht(s.minor) }));
const total = (sums: Sums) =>
  [...sums.values()].reduce((t, s) => ({ n: t.n + s.n, minor: t.minor + s.minor }), {
    n: 0,
    minor: 0n,
  });

export async function dashboardFigures(ctx: Ctx, query: Record<string, unknown>): Promise<Dashboard> {
  const now = ctx.clock.now();
  const { from, to, start, end } = dashboardRange(query, now);
  const params = [start, end];
  const [entries, rounds, members] = await Promise.all([
    ctx.db.query<EntryRow>(ENTRIES_SQL, params),
    ctx.db.query<{
      currency: Currency;
      provider: string;
      hour: number;
      n: number;
      bets: bigint;
      wins: bigint;
    }>(ROUNDS_SQL, params),
    ctx.db.query<{ currency: Currency; active: number; new: number }>(MEMBERS_SQL, params),
  ]);
  const currencies = CURRENCIES.map((currency): DashboardCurrency => {
    const deposits: Sums = new Map();
    const payouts: Sums = new Map();
    const rewards: Sums = new Map();
    let adjustments = 0n;
    const hours = Array.from({ length: 24 }, () => ({ deposits: 0n, withdrawals: 0n, ggr: 0n }));
    for (const e of entries) {
      if (e.currency !== currency) continue;
      const house = BigInt(e.house);
      // The house's posting: minus what came in (a deposit, money the house gave), plus what went out.
      if (e.kind === 'deposit') {
        add(deposits, e.channel ?? 'BANK', e.n, -house);
        hours[e.hour]!.deposits -= house;
      } else if (e.kind === 'payout') {
        add(payouts, e.channel ?? '', e.n, house);
        hours[e.hour]!.withdrawals += house;
      } else if (e.kind === 'reward') add(rewards, e.channel ?? '', e.n, -house);
      else adjustments -= house;
    }
    const byProvider = new Map<string, { bets: bigint; wins: bigint; n: number }>();
    for (const r of rounds) {
      if (r.currency !== currency) continue;
      const p = byProvider.get(r.provider) ?? { bets: 0n, wins: 0n, n: 0 };
      byProvider.set(r.provider, {
        bets: p.bets + BigInt(r.bets),
        wins: p.wins + BigInt(r.wins),
        n: p.n + r.n,
      });
      hours[r.hour]!.ggr += BigInt(r.bets) - BigInt(r.wins);
    }
    const providers = [...byProvider].sort(([a], [b]) => (a < b ? -1 : 1));
    const bets = providers.reduce((s, [, p]) => s + p.bets, 0n);
    const wins = providers.reduce((s, [, p]) => s + p.wins, 0n);
    const dep = total(deposits);
    const out = total(payouts);
    const m = members.find((x) => x.currency === currency);
    return {
      currency,
      deposits: { total: toBaht(dep.minor), count: dep.n, byChannel: listOf(deposits) },
      withdrawals: { total: toBaht(out.minor), count: out.n, byChannel: listOf(payouts) },
      netCashFlow: toBaht(dep.minor - out.minor),
      ggr: {
        bets: toBaht(bets),
        wins: toBaht(wins),
        ggr: toBaht(bets - wins),
        rounds: providers.reduce((s, [, p]) => s + p.n, 0),
        byProvider: providers.map(([provider, p]) => ({
          provider,
          bets: toBaht(p.bets),
          wins: toBaht(p.wins),
          ggr: toBaht(p.bets - p.wins),
          rounds: p.n,
        })),
      },
      bonusCost: {
        total: toBaht(total(rewards).minor),
        byKind: listOf(rewards).map(({ channel, ...s }) => ({ kind: channel, ...s })),
      },
      adjustments: toBaht(adjustments),
      activeMembers: m?.active ?? 0,
      newMembers: m?.new ?? 0,
      hours: hours.map((h, hour) => ({
        hour,
        deposits: toBaht(h.deposits),
        withdrawals: toBaht(h.withdrawals),
        ggr: toBaht(h.ggr),
      })),
    };
  });
  return { from, to, timeZone: DASHBOARD_TIME_ZONE, at: now.toISOString(), currencies };
}
