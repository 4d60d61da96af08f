import {
  refund,
  toBaht,
  type Currency,
  type RefundCheck,
  type RefundKind,
  type RefundLog,
  type RefundRules,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { paged } from '../../db/paged.ts';
import { getSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';
import { creditReward, lockMemberRewards } from '../rewards/service.ts';

/**
 * REF-1: a share of the member's net loss over the last complete day or week (in the operator's time
 * zone), from the bet feed, paid once per period as a reward (migration 026, docs/decisions.md "Invite
 * commission and loss refund").
 */

export const REFUND_RULES_KEY = 'refund.rules';
export const TIME_ZONE_KEY = 'programmes.timeZone';

export const REFUND_RULES_OFF: RefundRules = {
  active: false,
  period: 'daily',
  percent: 0,
  percentSuccess: 0,
  percentFail: 0,
  addWallet: { percent: 0, percentSuccess: 0, percentFail: 0 },
  minimum: { BAHT: 1, LAK: 1_000 },
  banners: [],
};

export async function refundRules(q: Queryable): Promise<RefundRules> {
  const parsed = refund.refundRulesSchema.safeParse(await getSetting(q, REFUND_RULES_KEY));
  return parsed.success ? parsed.data : REFUND_RULES_OFF;
}

/** The operator's time zone (one setting for every programme's day and week). */
export async function programmeTimeZone(ctx: Ctx, q: Queryable): Promise<string> {
  return (
    (await getSetting<string>(q, TIME_ZONE_KEY)) ??
    (ctx.config.region === 'la' ? 'Asia/Vientiane' : 'Asia/Bangkok')
  );
}

interface Period {
  start: string;
  /** The day after the last: the period is [start, end). */
  end: string;
}

/** The last complete period and the one in progress, as dates in the operator's time zone. */
async function periods(ctx: Ctx, q: Queryable, rules: RefundRules) {
  const unit = rules.period === 'weekly' ? 'week' : 'day';
  const days = rules.period === 'weekly' ? 7 : 1;
  const [row] = await q.query<{ current: string; previous: string; next: string }>(
    `select to_char(c, 'YYYY-MM-DD') as current, to_char(c - $4::int, 'YYYY-MM-DD') as previous,
            to_char(c + $4::int, 'YYYY-MM-DD') as next
     from (select (reward_period_start($1, $2, $3) at time zone $3)::date as c) p`,
    [unit, ctx.clock.now(), await programmeTimeZone(ctx, q), days],
  );
  return {
    last: { start: row!.previous, end: row!.current } satisfies Period,
    current: { start: row!.current, end: row!.next } satisfies Period,
  };
}

interface Figures {
  turnover: bigint;
  /** Wins minus bets: negative when the member lost. */
  winLoss: bigint;
}
const netLossOf = (f: Figures) => (f.winLoss < 0n ? -f.winLoss : 0n);

async function figures(q: Queryable, memberId: string, p: Period): Promise<Figures> {
  const [row] = await q.query<{ turnover: bigint; win_loss: bigint }>(
    'select * from refund_period_figures($1, $2::date, $3::date)',
    [memberId, p.start, p.end],
  );
  return { turnover: row!.turnover, winLoss: row!.win_loss };
}

/** One day of the bet feed before the last period ended, as a claim would count it. */
interface FeedDay {
  day: string;
  turnover: bigint;
  winLoss: bigint;
  /** A claim covered the day, and counted it as `counted` (zeros: the day had no rounds then). */
  covered: boolean;
  counted: Figures;
}

/**
 * The days a claim of the last period would count, read in one statement so that what the claim pays
 * and what it marks as counted are the same figures (a round that arrives meanwhile waits for the next
 * claim): the period's own days no claim has covered, and the days before it that earlier claims covered
 * and that have gained rounds since (the late figures, migration 033).
 */
async function claimableDays(q: Queryable, memberId: string, last: Period): Promise<FeedDay[]> {
  // The day sums are numeric (a sum of bigint): read back as bigint, as the day rows' columns are.
  const rows = await q.query<{
    day: string;
    turnover: bigint;
    win_loss: bigint;
    covered: boolean;
    counted_turnover: bigint;
    counted_win_loss: bigint;
  }>(
    `select to_char(s.day, 'YYYY-MM-DD') as day, s.turnover::bigint as turnover,
            s.win_loss::bigint as win_loss, s.covered,
            coalesce(d.turnover, 0) as counted_turnover, coalesce(d.win_loss, 0) as counted_win_loss
     from (select g.day, sum(g.turnover) as turnover, sum(g.win_loss) as win_loss,
                  exists (select 1 from refund_claims c
                          where c.member_id = $1 and g.day >= c.period_start and g.day < c.period_end)
                    as covered
           from game_daily_stats g
           where g.member_id = $1 and g.day < $3::date
           group by g.day) s
     left join refund_counted_days d on d.member_id = $1 and d.day = s.day
     where (s.covered and s.day < $2::date
            and (s.turnover <> coalesce(d.turnover, 0) or s.win_loss <> coalesce(d.win_loss, 0)))
        or (not s.covered and s.day >= $2::date)
     order by s.day`,
    [memberId, last.start, last.end],
  );
  return rows.map((r) => ({
    day: r.day,
    turnover: r.turnover,
    winLoss: r.win_loss,
    covered: r.covered,
    counted: { turnover: r.counted_turnover, winLoss: r.counted_win_loss },
  }));
}

/** The last period's own figures and the late ones, from its claimable days. */
function splitDays(days: FeedDay[]) {
  const own: Figures = { turnover: 0n, winLoss: 0n };
  const late: Figures = { turnover: 0n, winLoss: 0n };
  for (const d of days) {
    if (d.covered) {
      late.turnover += d.turnover - d.counted.turnover;
      late.winLoss += d.winLoss - d.counted.winLoss;
    } else {
      own.turnover += d.turnover;
      own.winLoss += d.winLoss;
    }
  }
  return { own, late };
}

/** YYYY-MM-DD of the period's last day (the end is exclusive). */
const lastDay = (p: Period) =>
  new Date(Date.parse(`${p.end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const share = (netLoss: bigint, percent: number) =>
  // Whole minor units, rounded down: percent has at most 4 decimals (numeric(8, 4) in refund_claims).
  (netLoss * BigInt(Math.round(percent * 10_000))) / 1_000_000n;

interface Assessment {
  rules: RefundRules;
  currency: Currency;
  last: Period;
  current: Period;
  /** The last period's claimable days, its own and the late ones; none once it has been refunded. */
  days: FeedDay[];
  lastFigures: Figures;
  lateFigures: Figures;
  currentFigures: Figures;
  rewardActive: boolean;
  minimumMinor: bigint;
}

/** Everything check, receive and addWallet decide from; in `q`, which holds the claim lock for a claim. */
async function assess(ctx: Ctx, q: Queryable, memberId: string, rules: RefundRules): Promise<Assessment> {
  const [m] = await q.query<{ currency: Currency; active: boolean }>(
    `select currency, exists (select 1 from rewards r where r.member_id = m.id and r.status = 'ACTIVE')
              as active
     from members m where id = $1`,
    [memberId],
  );
  if (!m) throw new AppError('NO_USER', 404);
  const { last, current } = await periods(ctx, q, rules);
  const [c] = await q.query<{ claimed: boolean }>(
    `select exists (select 1 from refund_claims
                    where member_id = $1 and period = $2 and period_start = $3::date) as claimed`,
    [memberId, rules.period, last.start],
  );
  // Once the last period is refunded, late figures wait for the next one.
  const days = c!.claimed ? [] : await claimableDays(q, memberId, last);
  const { own, late } = splitDays(days);
  return {
    rules,
    currency: m.currency,
    last,
    current,
    days,
    lastFigures: own,
    lateFigures: late,
    currentFigures: await figures(q, memberId, current),
    rewardActive: m.active,
    minimumMinor: BigInt(Math.round(rules.minimum[m.currency] * 100)),
  };
}

/** What a claim pays on: the last period's own figures and the late ones together. */
const claimFigures = (a: Assessment): Figures => ({
  turnover: a.lastFigures.turnover + a.lateFigures.turnover,
  winLoss: a.lastFigures.winLoss + a.lateFigures.winLoss,
});

/** Why a claim of this kind would be refused now, or null; and what it would pay. */
function decide(a: Assessment, kind: RefundKind) {
  const percent = kind === 'receive' ? a.rules.percent : a.rules.addWallet.percent;
  const netLoss = netLossOf(claimFigures(a));
  const amount = share(netLoss, percent);
  const reason = !a.rules.active
    ? 'REFUND_INACTIVE'
    : a.rewardActive
      ? 'REFUND_CONDITION'
      : netLoss === 0n
        ? 'NO_REFUND'
        : amount === 0n || amount < a.minimumMinor
          ? 'REFUND_MINIMUM'
          : null;
  return { reason, amount, percent } as const;
}

/** REF-1: what receive (and addWallet) would pay now, and if nothing, why. */
export async function check(ctx: Ctx, memberId: string): Promise<RefundCheck> {
  const rules = await refundRules(ctx.db);
  const a = await assess(ctx, ctx.db, memberId, rules);
  const receive = decide(a, 'receive');
  const toWallet = decide(a, 'addWallet');
  const shown = (p: Period, f: Figures) => ({
    periodStart: p.start,
    periodEnd: lastDay(p),
    turnover: toBaht(f.turnover),
    netLoss: toBaht(netLossOf(f)),
  });
  return {
    result: receive.reason === null,
    bonus: a.rewardActive,
    refundAmount: toBaht(receive.amount),
    refundSuccess: rules.percentSuccess,
    refundFail: rules.percentFail,
    info: {
      ...shown(a.last, a.lastFigures),
      reason: receive.reason,
      period: rules.period,
      percent: rules.percent,
      minimum: toBaht(a.minimumMinor),
      addWallet: {
        amount: toBaht(toWallet.amount),
        percent: rules.addWallet.percent,
        percentSuccess: rules.addWallet.percentSuccess,
        percentFail: rules.addWallet.percentFail,
      },
      current: shown(a.current, a.currentFigures),
      late: { turnover: toBaht(a.lateFigures.turnover), result: toBaht(a.lateFigures.winLoss) },
    },
  };
}

const TITLES: Record<RefundKind, { th: string; la: string; en: string }> = {
  receive: { th: 'คืนยอดเสีย', la: 'ຄືນຍອດເສຍ', en: 'Loss refund' },
  addWallet: { th: 'คืนยอดเสียเข้ากระเป๋า', la: 'ຄືນຍອດເສຍເຂົ້າກະເປົາ', en: 'Loss refund to wallet' },
};

/**
 * REF-1: pays the last period's refund, as `kind` says (receive: the rules' percent and exits; addWallet:
 * the add-to-wallet ones). Under the member's claim lock; the reward's reference is the period, so the
 * period pays once whichever way and however many claims arrive at once.
 */
export async function claim(ctx: Ctx, memberId: string, kind: RefundKind) {
  const rules = await refundRules(ctx.db);
  if (!rules.active) throw new AppError('REFUND_INACTIVE');
  return ctx.db.tx(async (q) => {
    await lockMemberRewards(q, memberId);
    const a = await assess(ctx, q, memberId, rules);
    const d = decide(a, kind);
    if (d.reason) throw new AppError(d.reason);
    const exits = kind === 'receive' ? rules : rules.addWallet;
    const rewardId = await creditReward(ctx, q, {
      memberId,
      source: 'refund',
      sourceRef: `${rules.period}:${a.last.start}`,
      title: {
        th: `${TITLES[kind].th} ${a.last.start}`,
        la: `${TITLES[kind].la} ${a.last.start}`,
        en: `${TITLES[kind].en} ${a.last.start}`,
      },
      amountMinor: d.amount,
      percentSuccess: exits.percentSuccess,
      percentFail: exits.percentFail,
    });
    if (rewardId === null) throw new AppError('NO_REFUND');
    // The days this claim paid on are counted as the claim read them (claimableDays).
    await q.query(
      `insert into refund_counted_days (member_id, day, turnover, win_loss)
       select $1, d.day, d.turnover, d.win_loss
       from unnest($2::date[], $3::bigint[], $4::bigint[]) as d (day, turnover, win_loss)
       on conflict (member_id, day) do update
       set turnover = excluded.turnover, win_loss = excluded.win_loss`,
      [
        memberId,
        a.days.map((d) => d.day),
        a.days.map((d) => d.turnover.toString()),
        a.days.map((d) => d.winLoss.toString()),
      ],
    );
    await q.query(
      `insert into refund_claims (member_id, period, period_start, period_end, kind, turnover, net_loss,
                                  percent, amount, reward_id, created_at)
       values ($1, $2, $3::date, $4::date, $5, $6, $7, $8, $9, $10, $11)`,
      [
        memberId,
        rules.period,
        a.last.start,
        a.last.end,
        kind,
        claimFigures(a).turnover.toString(),
        netLossOf(claimFigures(a)).toString(),
        d.percent,
        d.amount.toString(),
        rewardId,
        ctx.clock.now(),
      ],
    );
    return {
      message: 'REFUND_SUCCESS' as const,
      kind,
      refundAmount: toBaht(d.amount),
      percentSuccess: exits.percentSuccess,
      percentFail: exits.percentFail,
    };
  });
}

/** REF-1: the member's refunds, newest first. */
export async function listRefunds(ctx: Ctx, memberId: string, page: number, limit: number) {
  const { total, rows } = await paged<{
    amount: bigint;
    created_at: Date;
    kind: RefundKind;
    period_start: string;
    period_end: string;
  }>(
    ctx.db,
    `select id, amount, created_at, kind, to_char(period_start, 'YYYY-MM-DD') as period_start,
            to_char(period_end - 1, 'YYYY-MM-DD') as period_end
     from refund_claims where member_id = $1`,
    [memberId],
    page,
    limit,
  );
  const refunds: RefundLog[] = rows.map((r) => ({
    refundAmount: toBaht(r.amount),
    createdAt: r.created_at.toISOString(),
    kind: r.kind,
    periodStart: r.period_start,
    periodEnd: r.period_end,
  }));
  return { total, refunds };
}

export async function refundBanners(ctx: Ctx) {
  const rules = await refundRules(ctx.db);
  return { active: rules.active, banners: rules.active ? rules.banners : [] };
}

export async function setRules(ctx: Ctx, change: Partial<RefundRules>): Promise<RefundRules> {
  return ctx.db.tx(async (q) => {
    const current = await refundRules(q);
    const next = refund.refundRulesSchema.parse({ ...current, ...change });
    await q.query(
      `insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
      [REFUND_RULES_KEY, JSON.stringify(next)],
    );
    return next;
  });
}
