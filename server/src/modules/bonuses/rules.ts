import { toBaht, toMinor, type BonusType, type LocalizedText, type RewardRule } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { getSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';

/**
 * The operator's time zone, in which a day or week limit starts: the setting programmes.timeZone, else
 * Asia/Vientiane for a Laos build and Asia/Bangkok otherwise (both UTC+7 today; the name, not an offset,
 * is kept so a change of either country's rule follows).
 */
export async function programmeTimeZone(ctx: Ctx, q: Queryable = ctx.db): Promise<string> {
  return (
    (await getSetting<string>(q, 'programmes.timeZone')) ??
    (ctx.config.region === 'la' ? 'Asia/Vientiane' : 'Asia/Bangkok')
  );
}

/** How many hours after it a deposit still qualifies (setting bonus.qualifyingDepositHours, else 24). */
export async function qualifyingHours(q: Queryable): Promise<number> {
  return (await getSetting<number>(q, 'bonus.qualifyingDepositHours')) ?? 24;
}

export interface Deposit {
  id: string;
  amountMinor: bigint;
  createdAt: Date;
}

/**
 * The qualifying deposit (docs/decisions.md "Bonuses and promotion codes"): the member's latest
 * successful deposit of the last `hours` hours, if no bonus or promotion has used it yet. Only the latest
 * counts, so two deposits cannot be saved up for two bonuses after one another.
 */
export async function qualifyingDeposit(
  q: Queryable,
  memberId: string,
  at: Date,
  hours: number,
): Promise<Deposit | null> {
  const [d] = await q.query<{ id: string; amount: bigint; created_at: Date; used: boolean }>(
    `select d.id::text as id, d.amount, d.created_at,
            exists (select 1 from bonus_claims c where c.deposit_id = d.id) as used
     from deposits d
     where d.member_id = $1 and d.status = 'SUCCESS' and d.answered_by is null
       and d.created_at <= $2 and d.created_at > $2::timestamptz - make_interval(hours => $3::int)
     order by d.created_at desc, d.id desc limit 1`,
    [memberId, at, hours],
  );
  if (!d || d.used) return null;
  return { id: d.id, amountMinor: d.amount, createdAt: d.created_at };
}

/**
 * A programme's reward rule as stored (bonuses and promotions share the columns). The tables' CHECK
 * (migration 025) holds a percent's percent and cap, and a fixed reward's sum, never null.
 */
export type RuleRow = { min_deposit: bigint } & (
  | { reward_kind: 'percent'; reward_percent: string; reward_max: bigint; reward_fixed: bigint | null }
  | { reward_kind: 'fixed'; reward_percent: string | null; reward_max: bigint | null; reward_fixed: bigint }
);

type Category = 'slot' | 'sport' | 'lotto';

/** A row of bonuses (`select *`). */
export type BonusRow = RuleRow & {
  id: bigint;
  code: string;
  currency: string;
  name: LocalizedText;
  notice: LocalizedText;
  banners: Array<{ image: string; html?: string }>;
  type: BonusType;
  max_received: number;
  categories: Category[] | null;
  percent_success: string;
  percent_fail: string;
  active: boolean;
  sort: number;
  updated_at: Date;
};

/** A row of promotions (`select *`). */
export type PromotionRow = RuleRow & {
  id: bigint;
  code: string;
  currency: string;
  description: LocalizedText;
  categories: Category[] | null;
  percent_success: string;
  percent_fail: string;
  total_cap: number | null;
  claimed: number;
  valid_from: Date | null;
  valid_to: Date | null;
  active: boolean;
  updated_at: Date;
};

export function ruleOf(r: RuleRow): RewardRule {
  return r.reward_kind === 'percent'
    ? { kind: 'percent', percent: Number(r.reward_percent), max: toBaht(r.reward_max) }
    : { kind: 'fixed', amount: toBaht(r.reward_fixed) };
}

/** The rule as columns, in minor units (the operator API writes them). */
export function ruleColumns(rule: RewardRule) {
  return rule.kind === 'percent'
    ? { kind: 'percent', percent: rule.percent, max: toMinor(rule.max).toString(), fixed: null }
    : { kind: 'fixed', percent: null, max: null, fixed: toMinor(rule.amount).toString() };
}

/**
 * What a claim pays and which deposit it uses, or BONUS_CONDITION: a percent needs a qualifying deposit
 * (and pays percent of it, rounded down to the minor unit, at most the cap); a fixed sum needs one only
 * when the minimum is above 0. A deposit below the minimum, or a percent that rounds to nothing, is
 * BONUS_CONDITION too.
 */
export function claimAmount(
  r: RuleRow,
  deposit: Deposit | null,
): { amountMinor: bigint; depositId: string | null } {
  const min = r.min_deposit;
  const needsDeposit = r.reward_kind === 'percent' || min > 0n;
  if (needsDeposit && (!deposit || deposit.amountMinor < min)) throw new AppError('BONUS_CONDITION');
  // A fixed sum without a minimum leaves the deposit free for a bonus that needs one.
  if (r.reward_kind === 'fixed')
    return { amountMinor: r.reward_fixed, depositId: needsDeposit ? deposit!.id : null };
  // percent has two decimals: amount * percent * 100 / 10000, in integers.
  const hundredths = BigInt(Math.round(Number(r.reward_percent) * 100));
  const raw = (deposit!.amountMinor * hundredths) / 10_000n;
  const cap = r.reward_max;
  const amountMinor = raw < cap ? raw : cap;
  if (amountMinor <= 0n) throw new AppError('BONUS_CONDITION');
  return { amountMinor, depositId: deposit!.id };
}

/** Whether the rule would pay for this deposit (GET /api/bonus/check/minimum). */
export function meets(r: RuleRow, deposit: Deposit | null): boolean {
  try {
    claimAmount(r, deposit);
    return true;
  } catch {
    return false;
  }
}
