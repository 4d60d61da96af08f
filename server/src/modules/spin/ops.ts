// The operator's wheel: name, on/off, coupon validity, the slices with their weights and prizes, the coin
// rule per currency, and coins given by hand. Every change is audited (ops_actions).
import { spin as contract, toBaht, toMinor, type Currency } from '@krapao/contract';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import type { BodyOf } from '../../http/route.ts';
import { randomCode } from '../../lib/crypto.ts';
import { audited } from '../ops/service.ts';
import { readWheel, type SliceRow } from './service.ts';

type OpsWheel = z.infer<typeof contract.opsWheelSchema>;
type OpsSlice = z.input<typeof contract.opsSliceSchema>;

const sliceOut = (s: SliceRow) => ({
  code: s.code,
  label: s.label,
  name: s.name,
  bgColor: s.bg_color,
  textColor: s.text_color,
  htmlDescription: s.html_description,
  weight: s.weight,
  type: s.prize_type,
  amounts: Object.fromEntries(Object.entries(s.amounts).map(([c, v]) => [c, toBaht(BigInt(v))])),
  coins: s.coins,
  percentSuccess: Number(s.percent_success),
  percentFail: Number(s.percent_fail),
});

export async function wheel(q: Queryable): Promise<OpsWheel> {
  const { wheel, slices } = await readWheel(q);
  const rules = await q.query<{
    currency: Currency;
    amount_per_coin: bigint;
    max_per_deposit: number | null;
  }>('select currency, amount_per_coin, max_per_deposit from spin_coin_rules order by currency');
  return {
    name: wheel?.name ?? {},
    active: wheel?.active ?? false,
    couponValidDays: wheel?.coupon_valid_days ?? 7,
    slices: slices.map(sliceOut),
    coinRules: rules.map((r) => ({
      currency: r.currency,
      amountPerCoin: toBaht(r.amount_per_coin),
      maxPerDeposit: r.max_per_deposit,
    })),
  };
}

type WheelChange = { name?: Record<string, string | undefined>; active?: boolean; couponValidDays?: number };

/** Changes the wheel's name, switch or coupon validity (unaudited: the callers audit); the wheel after. */
export function changeWheel(ctx: Ctx, body: WheelChange) {
  return ctx.db.tx(async (q) => {
    await q.query(
      `insert into spin_wheels (id, name, active, coupon_valid_days)
       values (1, coalesce($1::jsonb, '{}'::jsonb), coalesce($2, false), coalesce($3, 7))
       on conflict (id) do update set name = coalesce($1::jsonb, spin_wheels.name),
         active = coalesce($2, spin_wheels.active),
         coupon_valid_days = coalesce($3, spin_wheels.coupon_valid_days)`,
      [body.name ? JSON.stringify(body.name) : null, body.active ?? null, body.couponValidDays ?? null],
    );
    return wheel(q);
  });
}

export async function setWheel(ctx: Ctx, operator: string, body: WheelChange) {
  return audited(ctx, { operator, action: 'spin.wheel', target: 'wheel', detail: body }, () =>
    changeWheel(ctx, body),
  );
}

/** Writes the slices as given (in the caller's transaction): the seed and the operator's edit. */
export async function writeSlices(q: Queryable, slices: readonly OpsSlice[]) {
  const parsed = slices.map((s) => contract.opsSliceSchema.parse(s));
  const codes = new Set(parsed.map((s) => s.code));
  if (codes.size !== parsed.length) throw new AppError('INVALID_REQUEST');
  if (parsed.reduce((a, s) => a + s.weight, 0) <= 0) throw new AppError('INVALID_REQUEST');
  for (const s of parsed) {
    if (s.type === 'credit' && (!s.amounts.BAHT || !s.amounts.LAK)) throw new AppError('INVALID_REQUEST');
    if (s.type === 'coins' && !s.coins) throw new AppError('INVALID_REQUEST');
  }
  await q.query('delete from spin_slices');
  for (const [position, s] of parsed.entries()) {
    const amounts = Object.fromEntries(
      Object.entries(s.amounts).map(([c, v]) => [c, Number(toMinor(v as number))]),
    );
    await q.query(
      `insert into spin_slices (position, code, label, name, bg_color, text_color, html_description, weight,
                                prize_type, amounts, coins, percent_success, percent_fail)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        position,
        s.code,
        JSON.stringify(s.label),
        JSON.stringify(s.name),
        s.bgColor,
        s.textColor,
        JSON.stringify(s.htmlDescription),
        s.weight,
        s.type,
        JSON.stringify(s.type === 'credit' ? amounts : {}),
        s.type === 'coins' ? s.coins : null,
        s.percentSuccess,
        s.percentFail,
      ],
    );
  }
}

export function setSlices(ctx: Ctx, operator: string, slices: readonly OpsSlice[]) {
  const detail = { slices: slices.map((s) => ({ code: s.code, weight: s.weight, type: s.type })) };
  return audited(ctx, { operator, action: 'spin.slices', target: 'wheel', detail }, () =>
    replaceSlices(ctx, slices),
  );
}

/** Replaces every slice in one transaction (unaudited: the callers audit); the wheel after. */
export function replaceSlices(ctx: Ctx, slices: readonly OpsSlice[]) {
  return ctx.db.tx(async (q) => {
    await writeSlices(q, slices);
    return wheel(q);
  });
}

type CoinRule = { currency: Currency; amountPerCoin: number; maxPerDeposit: number | null };

/** Writes a currency's coin rule (unaudited: the callers audit); the wheel after. */
export function writeCoinRule(ctx: Ctx, rule: CoinRule) {
  return ctx.db.tx(async (q) => {
    await q.query(
      `insert into spin_coin_rules (currency, amount_per_coin, max_per_deposit) values ($1, $2, $3)
       on conflict (currency) do update set amount_per_coin = excluded.amount_per_coin,
         max_per_deposit = excluded.max_per_deposit`,
      [rule.currency, toMinor(rule.amountPerCoin).toString(), rule.maxPerDeposit],
    );
    return wheel(q);
  });
}

export function setCoinRule(ctx: Ctx, operator: string, rule: CoinRule) {
  return audited(ctx, { operator, action: 'spin.coin-rule', target: rule.currency, detail: rule }, () =>
    writeCoinRule(ctx, rule),
  );
}

/** Gives (or takes back) coins; a member cannot go below zero (the column's check refuses it). */
export function grantCoins(ctx: Ctx, operator: string, body: BodyOf<typeof contract.opsGrantCoins>) {
  return audited(ctx, { operator, action: 'spin.coins', target: body.member, detail: body }, () =>
    ctx.db.tx(async (q) => {
      const [m] = await q.query<{ id: bigint; public_id: string }>(
        'select id, public_id from members where public_id = $1 or phone = $1 limit 1',
        [body.member],
      );
      if (!m) throw new AppError('NO_USER', 404);
      if (body.coins === 0) throw new AppError('INVALID_REQUEST');
      try {
        const [row] = await q.query<{ coins: number }>(
          `select spin_coin_move($1, $2, 'operator', $3, $4) as coins`,
          [m.id, body.coins, `${operator}:${randomCode(12)}`, ctx.clock.now()],
        );
        const member = m.public_id;
        return { member, coins: row!.coins };
      } catch (err) {
        if ((err as { code?: string }).code === '23514') throw new AppError('INVALID_REQUEST');
        throw err;
      }
    }),
  );
}
