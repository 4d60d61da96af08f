import { toBaht, type ActiveReward, type LocalizedText, type RewardSource } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { refusalOf } from '../../ledger/ledger.ts';

/**
 * The one model for every reward (db/functions/rewards.sql, docs/decisions.md): each programme decides
 * whether a member may have a reward and how much; this module credits it and ends it.
 */
export interface RewardCredit {
  memberId: string;
  source: RewardSource;
  /** What paid it, unique per member and source: the same claim twice pays once. */
  sourceRef: string;
  title: LocalizedText;
  amountMinor: bigint;
  /** Turnover needed, in % of the credit (500: five times); 0 makes it ordinary money at once. */
  percentSuccess: number;
  /** The credit ends as played away when the member's balance falls below this % of it. */
  percentFail: number;
  /** The game categories whose rounds count as turnover; undefined counts all. */
  categories?: readonly string[];
}

/**
 * Serialises this member's claims until the transaction `q` ends. A programme takes it first, then
 * counts what the member has received (per day, per week, in total) and credits, so that twenty claims at
 * once are counted one after the other.
 */
export async function lockMemberRewards(q: Queryable, memberId: string) {
  await q.query('select reward_member_lock($1)', [memberId]);
}

/**
 * Credits a reward in the caller's transaction (which holds lockMemberRewards). Answers the reward's id,
 * or null when the member has this claim already. BONUS_ALREADY_ACTIVE when another reward is active.
 */
export async function creditReward(ctx: Ctx, q: Queryable, r: RewardCredit): Promise<string | null> {
  let id: string | null;
  try {
    const [row] = await q.query<{ id: string | null }>(
      'select reward_credit($1, $2, $3, $4, $5, $6, $7, $8, $9)::text as id',
      [
        r.memberId,
        r.source,
        r.sourceRef,
        JSON.stringify(r.title),
        r.amountMinor.toString(),
        r.percentSuccess,
        r.percentFail,
        r.categories ? [...r.categories] : null,
        ctx.clock.now(),
      ],
    );
    id = row?.id ?? null;
  } catch (err) {
    throw refusalOf(err);
  }
  // Counted once posted: what the caller's transaction does after it is its own bookkeeping.
  if (id === null) ctx.metrics.money('reward', 'duplicate');
  else ctx.metrics.money('reward', 'ok', { minor: r.amountMinor, member: r.memberId });
  return id;
}

/** A row of reward_progress (db/functions/rewards.sql). */
interface ProgressRow {
  id: bigint;
  source: RewardSource;
  source_ref: string;
  title: LocalizedText;
  amount: bigint;
  currency: string;
  percent_success: string;
  percent_fail: string;
  categories: string[] | null;
  created_at: Date;
  turnover_done: bigint;
  turnover_needed: bigint;
  balance: bigint;
  fail_below: bigint;
}

/** The member's active reward and how far each exit is; null when none is active. */
export async function activeReward(ctx: Ctx, memberId: string): Promise<ActiveReward | null> {
  const [p] = await ctx.db.query<ProgressRow>('select * from reward_progress($1)', [memberId]);
  if (!p) return null;
  const { turnover_done: done, turnover_needed: needed, balance, fail_below: failBelow } = p;
  return {
    id: String(p.id),
    source: p.source,
    reference: p.source_ref,
    title: p.title,
    amount: toBaht(p.amount),
    percentSuccess: Number(p.percent_success),
    percentFail: Number(p.percent_fail),
    categories: p.categories,
    createdAt: p.created_at.toISOString(),
    turnoverDone: toBaht(done),
    turnoverNeeded: toBaht(needed),
    balance: toBaht(balance),
    failBelow: toBaht(failBelow),
    canClear: done >= needed || balance < failBelow,
  };
}

/**
 * Ends the member's active reward when an exit holds. Answers SUCCESS or FAILED when it ended, ACTIVE
 * when no exit holds yet, null when none was active.
 */
export async function finishReward(
  ctx: Ctx,
  memberId: string,
): Promise<'SUCCESS' | 'FAILED' | 'ACTIVE' | null> {
  return ctx.db.tx(async (q) => {
    const [row] = await q.query<{ status: 'SUCCESS' | 'FAILED' | 'ACTIVE' | null }>(
      'select reward_finish($1, $2) as status',
      [memberId, ctx.clock.now()],
    );
    return row?.status ?? null;
  });
}

/** BON-3: whether a reward is active and of which kind. */
export async function checkActive(ctx: Ctx, memberId: string) {
  const [row] = await ctx.db.query<{ source: RewardSource }>(
    `select source from rewards where member_id = $1 and status = 'ACTIVE'`,
    [memberId],
  );
  return { status: Boolean(row), type: row?.source ?? null };
}

/** BON-1, BON-5: GET /api/bonus/clear ends the active reward only when an exit holds. */
export async function clear(ctx: Ctx, memberId: string) {
  const status = await finishReward(ctx, memberId);
  if (status === null) throw new AppError('NO_DATA', 404);
  if (status === 'ACTIVE') throw new AppError('BONUS_CONDITION');
  return { message: 'BONUS_CLEAR' as const, outcome: status };
}
