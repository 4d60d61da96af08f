import { toBaht, type Activation, type Bonus, type Promotion } from '@krapao/contract';
import { filterXSS } from 'xss';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { memberCurrency } from '../accounts/rules.ts';
import { creditReward, lockMemberRewards } from '../rewards/service.ts';
import {
  claimAmount,
  meets,
  programmeTimeZone,
  qualifyingDeposit,
  qualifyingHours,
  ruleOf,
  type BonusRow,
  type PromotionRow,
} from './rules.ts';

/**
 * BON-1 to BON-5: the member's side of bonuses and promotion codes. A claim is one transaction: the
 * member's claim lock (rewards), the counts and checks, the reward credited, the claim and the deposit it
 * used recorded. Twenty claims at once are therefore counted one after the other.
 */

/**
 * Operator HTML is sanitised before it leaves the server, and the web cleans it again; a banner's picture
 * is a path of this site or an https address.
 */
const SAFE_IMAGE = /^(\/(?!\/)|https:\/\/)/;

/**
 * SQL: where the current period of a bonus type starts at `at`, in the operator's zone `tz`
 * (db/functions/rewards.sql).
 */
const periodSql = (type: string, at: string, tz: string) =>
  `reward_period_start(${type}, ${at}::timestamptz, ${tz})`;

/** BON-2: the bonuses of the member's currency with the member's claims of each in its period. */
export async function listBonuses(ctx: Ctx, memberId: string): Promise<Bonus[]> {
  const tz = await programmeTimeZone(ctx);
  const rows = await ctx.db.query<
    BonusRow & { received: Date[] | null; last_reward: string | null; is_active: boolean }
  >(
    `select b.*,
            (select array_agg(c.created_at order by c.created_at desc) from bonus_claims c
             where c.member_id = $1 and c.bonus_id = b.id
               and c.created_at >= ${periodSql('b.type', '$2', '$3')}) as received,
            (select c.reward_id::text from bonus_claims c where c.member_id = $1 and c.bonus_id = b.id
             order by c.created_at desc, c.reward_id desc limit 1) as last_reward,
            exists (select 1 from bonus_claims c join rewards r on r.id = c.reward_id
                    where c.member_id = $1 and c.bonus_id = b.id and r.status = 'ACTIVE') as is_active
     from bonuses b join members m on m.id = $1
     where b.currency = m.currency and b.active
     order by b.sort, b.id`,
    [memberId, ctx.clock.now(), tz],
  );
  return rows.map((b) => {
    const received = (b.received ?? []).map((at) => ({ updatedAt: at.toISOString() }));
    return {
      _id: String(b.id),
      code: b.code,
      name: b.name,
      notice: b.notice,
      type: b.type,
      maxReceived: b.max_received,
      receivedInPeriod: received.length,
      percentSuccess: Number(b.percent_success),
      percentFail: Number(b.percent_fail),
      minDeposit: toBaht(b.min_deposit),
      reward: ruleOf(b),
      categories: b.categories,
      banners: b.banners
        .filter((x) => SAFE_IMAGE.test(x.image))
        .map((x) => ({ image: x.image, html: filterXSS(x.html ?? '') })),
      state: b.is_active ? 'current' : received.length >= b.max_received ? 'received' : 'available',
      userBonus: b.last_reward === null ? null : { _id: b.last_reward, isActive: b.is_active, received },
    };
  });
}

/** Refuses a claim while another reward is active (before counting, so the member reads the cause). */
async function refuseWhileActive(q: Queryable, memberId: string) {
  const [row] = await q.query(`select 1 from rewards where member_id = $1 and status = 'ACTIVE'`, [memberId]);
  if (row) throw new AppError('BONUS_ALREADY_ACTIVE');
}

/**
 * BON-3, BON-5: receives a bonus. The claim's reference is code:period:n (n the member's nth claim in the
 * period), so a claim the lock lets through twice is still paid once by the rewards' unique key.
 */
export async function activateBonus(ctx: Ctx, memberId: string, rawCode: string): Promise<Activation> {
  const code = rawCode.trim().toUpperCase();
  const tz = await programmeTimeZone(ctx);
  const hours = await qualifyingHours(ctx.db);
  const at = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    await lockMemberRewards(q, memberId);
    const currency = await memberCurrency(q, memberId);
    const [b] = await q.query<BonusRow & { period_key: string; count: number }>(
      `select b.*,
              case when b.type = 'limit' then 'all'
                   else to_char(${periodSql('b.type', '$3', '$4')} at time zone $4, 'YYYY-MM-DD') end as period_key,
              (select count(*)::int from bonus_claims c where c.member_id = $5 and c.bonus_id = b.id
                 and c.created_at >= ${periodSql('b.type', '$3', '$4')}) as count
       from bonuses b where b.code = $1 and b.currency = $2 and b.active`,
      [code, currency, at, tz, memberId],
    );
    if (!b) throw new AppError('NO_DATA', 404);
    await refuseWhileActive(q, memberId);
    if (b.count >= b.max_received) throw new AppError('BONUS_MAX_CLAIMED');
    const { amountMinor, depositId } = claimAmount(b, await qualifyingDeposit(q, memberId, at, hours));
    const rewardId = await creditReward(ctx, q, {
      memberId,
      source: 'bonus',
      sourceRef: `${b.code}:${b.period_key}:${b.count + 1}`,
      title: b.name,
      amountMinor,
      percentSuccess: Number(b.percent_success),
      percentFail: Number(b.percent_fail),
      categories: b.categories ?? undefined,
    });
    if (rewardId === null) throw new AppError('BONUS_MAX_CLAIMED');
    await q.query(
      `insert into bonus_claims (reward_id, member_id, bonus_id, deposit_id, created_at) values ($1, $2, $3, $4, $5)`,
      [rewardId, memberId, b.id, depositId, at],
    );
    const received = await q.query<{ created_at: Date }>(
      `select created_at from bonus_claims where member_id = $1 and bonus_id = $2
         and created_at >= ${periodSql('$3', '$4', '$5')} order by created_at desc`,
      [memberId, b.id, b.type, at, tz],
    );
    return {
      _id: rewardId,
      isActive: Number(b.percent_success) > 0,
      received: received.map((r) => ({ updatedAt: r.created_at.toISOString() })),
      code: b.code,
      amount: toBaht(amountMinor),
    };
  });
}

/** BON-3: the member's qualifying deposit and the bonuses it would pay (docs/api.md). */
export async function checkMinimum(ctx: Ctx, memberId: string) {
  const deposit = await qualifyingDeposit(ctx.db, memberId, ctx.clock.now(), await qualifyingHours(ctx.db));
  const bonuses = await ctx.db.query<BonusRow>(
    `select b.* from bonuses b join members m on m.id = $1 where b.currency = m.currency and b.active
     order by b.sort, b.id`,
    [memberId],
  );
  const open = new Set(
    (await listBonuses(ctx, memberId)).filter((b) => b.state === 'available').map((b) => b.code),
  );
  const eligible = bonuses.filter((b) => open.has(b.code) && meets(b, deposit)).map((b) => b.code);
  return {
    status: eligible.length > 0,
    deposit: deposit
      ? { amount: toBaht(deposit.amountMinor), createdAt: deposit.createdAt.toISOString() }
      : null,
    eligible,
  };
}

function promotionOf(p: PromotionRow): Promotion {
  return {
    code: p.code,
    description: p.description,
    percentSuccess: Number(p.percent_success),
    percentFail: Number(p.percent_fail),
    minDeposit: toBaht(p.min_deposit),
    reward: ruleOf(p),
    categories: p.categories,
    validFrom: p.valid_from?.toISOString() ?? null,
    validTo: p.valid_to?.toISOString() ?? null,
    remaining: p.total_cap === null ? null : Math.max(0, p.total_cap - p.claimed),
  };
}

/** A promotion the member can find now: on, of the member's currency, within its dates. */
const FIND_PROMOTION = `
  select p.* from promotions p join members m on m.id = $2
  where p.code = $1 and p.currency = m.currency and p.active
    and (p.valid_from is null or p.valid_from <= $3) and (p.valid_to is null or p.valid_to > $3)`;

/** BON-4: the promotion, or {} ("a promotion or empty"). */
export async function findPromotion(
  ctx: Ctx,
  memberId: string,
  rawCode: string,
): Promise<Promotion | Record<string, never>> {
  const [p] = await ctx.db.query<PromotionRow>(FIND_PROMOTION, [
    rawCode.trim().toUpperCase(),
    memberId,
    ctx.clock.now(),
  ]);
  return p ? promotionOf(p) : {};
}

/**
 * BON-4, BON-5: receives a promotion, once per member, within its total: the total is counted on the
 * promotion's row (locked by the update until this transaction ends), so members racing for its last
 * claim get one each up to the total and BONUS_FULL after.
 */
export async function activatePromotion(ctx: Ctx, memberId: string, rawCode: string): Promise<Activation> {
  const code = rawCode.trim().toUpperCase();
  const hours = await qualifyingHours(ctx.db);
  const at = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    await lockMemberRewards(q, memberId);
    const [p] = await q.query<PromotionRow>(FIND_PROMOTION, [code, memberId, at]);
    if (!p) throw new AppError('NO_PROMOTION');
    const [had] = await q.query(`select 1 from bonus_claims where member_id = $1 and promotion_id = $2`, [
      memberId,
      p.id,
    ]);
    if (had) throw new AppError('PROMOTION_RECEIVED');
    await refuseWhileActive(q, memberId);
    const { amountMinor, depositId } = claimAmount(p, await qualifyingDeposit(q, memberId, at, hours));
    const [counted] = await q.query(
      `update promotions set claimed = claimed + 1
       where id = $1 and (total_cap is null or claimed < total_cap) returning claimed`,
      [p.id],
    );
    if (!counted) throw new AppError('BONUS_FULL');
    const rewardId = await creditReward(ctx, q, {
      memberId,
      source: 'promotion',
      sourceRef: p.code,
      title: p.description,
      amountMinor,
      percentSuccess: Number(p.percent_success),
      percentFail: Number(p.percent_fail),
      categories: p.categories ?? undefined,
    });
    if (rewardId === null) throw new AppError('PROMOTION_RECEIVED');
    await q.query(
      `insert into bonus_claims (reward_id, member_id, promotion_id, deposit_id, created_at) values ($1, $2, $3, $4, $5)`,
      [rewardId, memberId, p.id, depositId, at],
    );
    return {
      _id: rewardId,
      isActive: Number(p.percent_success) > 0,
      received: [{ updatedAt: at.toISOString() }],
      code: p.code,
      amount: toBaht(amountMinor),
    };
  });
}

/** The promotion whose reward is the member's active one, or {}. */
export async function currentPromotion(
  ctx: Ctx,
  memberId: string,
): Promise<Promotion | Record<string, never>> {
  const [p] = await ctx.db.query<PromotionRow>(
    `select p.* from rewards r join bonus_claims c on c.reward_id = r.id join promotions p on p.id = c.promotion_id
     where r.member_id = $1 and r.status = 'ACTIVE'`,
    [memberId],
  );
  return p ? promotionOf(p) : {};
}
