import { toBaht, toMinor, type bonuses } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { audited } from '../ops/service.ts';
import { ruleColumns, ruleOf, type BonusRow, type PromotionRow } from './rules.ts';

type BonusConfig = bonuses.BonusConfig;
type PromotionConfig = bonuses.PromotionConfig;

/**
 * The operator configures bonuses and promotions without a deploy (npm run ops -- bonuses | bonus-set |
 * bonus-off | promotions | promotion-set | promotion-off). Saving a code that exists in that currency
 * replaces it; claims already paid keep what they paid. Every change is audited.
 */

const money = (v: bigint | null) => (v === null ? null : toBaht(v));

function shown(r: BonusRow | PromotionRow) {
  return {
    ...r,
    id: String(r.id),
    reward: ruleOf(r),
    min_deposit: money(r.min_deposit),
    reward_max: money(r.reward_max),
    reward_fixed: money(r.reward_fixed),
  };
}

export async function listBonuses(ctx: Ctx) {
  const rows = await ctx.db.query<BonusRow & { claims: number }>(
    `select b.*, (select count(*)::int from bonus_claims c where c.bonus_id = b.id) as claims
     from bonuses b order by b.currency, b.sort, b.id`,
  );
  return rows.map(shown);
}

export async function listPromotions(ctx: Ctx) {
  const rows = await ctx.db.query<PromotionRow>(`select * from promotions order by currency, id`);
  return rows.map(shown);
}

/**
 * How a write meets a bonus or promotion of the same code and currency: the operator's save replaces it;
 * the seed (seed.ts) keeps it, so an operator's row is never overwritten. `at` is updated_at (null: the
 * database's now()).
 */
export interface ProgrammeWrite {
  replace: boolean;
  at: Date | null;
}

const BONUS_REPLACE = `do update set
  name = excluded.name, notice = excluded.notice, banners = excluded.banners, type = excluded.type,
  max_received = excluded.max_received, reward_kind = excluded.reward_kind,
  reward_percent = excluded.reward_percent, reward_max = excluded.reward_max,
  reward_fixed = excluded.reward_fixed, min_deposit = excluded.min_deposit,
  categories = excluded.categories, percent_success = excluded.percent_success,
  percent_fail = excluded.percent_fail, active = excluded.active, sort = excluded.sort,
  updated_at = excluded.updated_at`;

const PROMOTION_REPLACE = `do update set
  description = excluded.description, reward_kind = excluded.reward_kind,
  reward_percent = excluded.reward_percent, reward_max = excluded.reward_max,
  reward_fixed = excluded.reward_fixed, min_deposit = excluded.min_deposit,
  categories = excluded.categories, percent_success = excluded.percent_success,
  percent_fail = excluded.percent_fail, total_cap = excluded.total_cap,
  valid_from = excluded.valid_from, valid_to = excluded.valid_to, active = excluded.active,
  updated_at = excluded.updated_at`;

/** Writes a bonus; the row as it now is, or undefined when one was kept. */
export async function writeBonus(q: Queryable, b: BonusConfig, w: ProgrammeWrite) {
  const rule = ruleColumns(b.reward);
  const [row] = await q.query<BonusRow>(
    `insert into bonuses (code, currency, name, notice, banners, type, max_received, reward_kind,
                          reward_percent, reward_max, reward_fixed, min_deposit, categories,
                          percent_success, percent_fail, active, sort, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
             coalesce($18::timestamptz, now()))
     on conflict (code, currency) ${w.replace ? BONUS_REPLACE : 'do nothing'}
     returning *`,
    [
      b.code,
      b.currency,
      JSON.stringify(b.name),
      JSON.stringify(b.notice),
      JSON.stringify(b.banners),
      b.type,
      b.maxReceived,
      rule.kind,
      rule.percent,
      rule.max,
      rule.fixed,
      toMinor(b.minDeposit).toString(),
      b.categories,
      b.percentSuccess,
      b.percentFail,
      b.active,
      b.sort,
      w.at,
    ],
  );
  return row;
}

/**
 * Writes a promotion valid from `from` to `to` (null: no bound); the row as it now is, or undefined when
 * one was kept.
 */
export async function writePromotion(
  q: Queryable,
  p: PromotionConfig,
  dates: { from: Date | null; to: Date | null },
  w: ProgrammeWrite,
) {
  const rule = ruleColumns(p.reward);
  const [row] = await q.query<PromotionRow>(
    `insert into promotions (code, currency, description, reward_kind, reward_percent, reward_max,
                             reward_fixed, min_deposit, categories, percent_success, percent_fail,
                             total_cap, valid_from, valid_to, active, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
             coalesce($16::timestamptz, now()))
     on conflict (code, currency) ${w.replace ? PROMOTION_REPLACE : 'do nothing'}
     returning *`,
    [
      p.code,
      p.currency,
      JSON.stringify(p.description),
      rule.kind,
      rule.percent,
      rule.max,
      rule.fixed,
      toMinor(p.minDeposit).toString(),
      p.categories,
      p.percentSuccess,
      p.percentFail,
      p.totalCap,
      dates.from,
      dates.to,
      p.active,
      w.at,
    ],
  );
  return row;
}

export function saveBonus(ctx: Ctx, operator: string, b: BonusConfig) {
  return audited(
    ctx,
    { operator, action: 'bonus.save', target: `${b.code}/${b.currency}`, detail: { ...b } },
    () => storeBonus(ctx, b),
  );
}

/** Writes a bonus the operator gave (the operator API's and the console's save); the row as shown. */
export async function storeBonus(ctx: Ctx, b: BonusConfig) {
  return shown((await writeBonus(ctx.db, b, { replace: true, at: ctx.clock.now() }))!);
}

/** A date the operator typed (ISO 8601), or INVALID_REQUEST. */
function dateOf(v: string | null): Date | null {
  if (v === null) return null;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new AppError('INVALID_REQUEST');
  return d;
}

/**
 * Writes a promotion the operator gave (the operator API's and the console's save): its dates checked,
 * a total below the claims already made refused; the row as shown.
 */
export async function storePromotion(ctx: Ctx, p: PromotionConfig) {
  const from = dateOf(p.validFrom);
  const to = dateOf(p.validTo);
  if (from && to && to <= from) throw new AppError('INVALID_REQUEST');
  const row = await writePromotion(ctx.db, p, { from, to }, { replace: true, at: ctx.clock.now() }).catch(
    (err: { code?: string }) => {
      // 23514: a total below the claims already made.
      if (err.code === '23514') throw new AppError('INVALID_REQUEST');
      throw err;
    },
  );
  return shown(row!);
}

export function savePromotion(ctx: Ctx, operator: string, p: PromotionConfig) {
  return audited(
    ctx,
    { operator, action: 'promotion.save', target: `${p.code}/${p.currency}`, detail: { ...p } },
    () => storePromotion(ctx, p),
  );
}

/** Switches a bonus or promotion on or off (unaudited: the callers audit); NO_DATA (404) when absent. */
export async function switchRow(
  ctx: Ctx,
  table: 'bonuses' | 'promotions',
  code: string,
  s: { currency: string; active: boolean },
) {
  const [row] = await ctx.db.query<BonusRow | PromotionRow>(
    `update ${table} set active = $3, updated_at = $4 where code = $1 and currency = $2 returning *`,
    [code.trim().toUpperCase(), s.currency, s.active, ctx.clock.now()],
  );
  if (!row) throw new AppError('NO_DATA', 404);
  return shown(row);
}

/** Switches a bonus or promotion on or off; NO_DATA (404) when that code has no such currency. */
export function switchProgramme(
  ctx: Ctx,
  operator: string,
  table: 'bonuses' | 'promotions',
  code: string,
  s: { currency: string; active: boolean },
) {
  const kind = table === 'bonuses' ? 'bonus' : 'promotion';
  return audited(
    ctx,
    {
      operator,
      action: `${kind}.${s.active ? 'on' : 'off'}`,
      target: `${code.toUpperCase()}/${s.currency}`,
    },
    () => switchRow(ctx, table, code, s),
  );
}
