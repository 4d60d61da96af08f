import {
  spin as contract,
  toBaht,
  type Coupon,
  type Currency,
  type Fairness,
  type LocalizedText,
  type Slice,
  type SpinRecord,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { randomCode } from '../../lib/crypto.ts';
import { checkedKey } from '../../ledger/idempotency.ts';
import { memberCurrency } from '../accounts/rules.ts';
import { creditReward, lockMemberRewards } from '../rewards/service.ts';
import { commitment, draw, newClientSeed, newServerSeed, seedHash } from './fair.ts';

/** How many coupons and past spins the member is shown. */
const COUPONS_SHOWN = 60;
const SPINS_SHOWN = 20;
/** A coupon id: readable letters and digits (lib/crypto randomCode), unguessable. */
const COUPON_ID = /^[A-Z0-9]{12}$/;

export interface SliceRow {
  position: number;
  code: string;
  label: LocalizedText;
  name: LocalizedText;
  bg_color: string;
  text_color: string;
  html_description: LocalizedText;
  weight: number;
  prize_type: contract.PrizeType;
  /** jsonb: each currency's credit in minor units, a JSON number or a string of digits. */
  amounts: Partial<Record<Currency, string | number>>;
  coins: number | null;
  percent_success: string;
  percent_fail: string;
}

interface WheelRow {
  name: LocalizedText;
  active: boolean;
  coupon_valid_days: number;
}

interface MemberState {
  coins: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_spin: number;
}

export async function readWheel(q: Queryable) {
  const [wheel] = await q.query<WheelRow>(
    'select name, active, coupon_valid_days from spin_wheels where id = 1',
  );
  const slices = await q.query<SliceRow>('select * from spin_slices order by position');
  return { wheel, slices };
}

const totalWeight = (slices: SliceRow[]) => slices.reduce((a, s) => a + s.weight, 0);
const isActive = (wheel: WheelRow | undefined, slices: SliceRow[]) =>
  Boolean(wheel?.active) && totalWeight(slices) > 0;

/** A credit prize in this currency, as minor units; undefined when the slice has none. */
function creditOf(s: Pick<SliceRow, 'amounts'>, currency: Currency): bigint | undefined {
  const v = s.amounts[currency];
  return v === undefined || v === null ? undefined : BigInt(v);
}

function sliceView(s: SliceRow, currency: Currency, total: number): Slice {
  const credit = s.prize_type === 'credit' ? creditOf(s, currency) : undefined;
  return {
    code: s.code,
    label: s.label,
    name: s.name,
    bgColor: s.bg_color,
    textColor: s.text_color,
    htmlDescription: s.html_description,
    probability: total > 0 ? s.weight / total : 0,
    type: s.prize_type,
    amount: credit === undefined ? null : toBaht(credit),
    coins: s.prize_type === 'coins' ? s.coins : null,
  };
}

/**
 * The member's coins and seeds. A member's first read gives them a server seed (crypto.randomBytes) and a
 * client seed; a row the deposit trigger made (db/functions/spin.sql) has empty seeds until then. `lock`
 * holds the row until the transaction ends: it orders the member's spins.
 */
async function memberState(q: Queryable, memberId: string, lock = false): Promise<MemberState> {
  const select = `select coins, server_seed, server_seed_hash, client_seed, next_spin from spin_members
                  where member_id = $1${lock ? ' for update' : ''}`;
  const [row] = await q.query<MemberState>(select, [memberId]);
  if (row && row.server_seed) return row;
  const seed = newServerSeed();
  await q.query(
    `insert into spin_members (member_id, server_seed, server_seed_hash, client_seed) values ($1, $2, $3, $4)
     on conflict (member_id) do update
       set server_seed = excluded.server_seed, server_seed_hash = excluded.server_seed_hash,
           client_seed = excluded.client_seed
       where spin_members.server_seed = ''`,
    [memberId, seed, seedHash(seed), newClientSeed()],
  );
  const [made] = await q.query<MemberState>(select, [memberId]);
  return made!;
}

const weightsOf = (slices: SliceRow[]) => slices.map((s) => ({ code: s.code, weight: s.weight }));

/** The commitment is of the seed with the wheel as it is now: a changed wheel shows a new commitment. */
const fairOf = (s: MemberState, slices: SliceRow[]): Fairness => ({
  serverSeedHash: commitment(s.server_seed, weightsOf(slices)),
  clientSeed: s.client_seed,
  nextSpinNumber: s.next_spin,
});

/** SPIN-4: GET /api/spinwheel/setup. */
export async function setup(ctx: Ctx, memberId: string) {
  const [{ wheel, slices }, state, currency] = await Promise.all([
    readWheel(ctx.db),
    ctx.db.tx((q) => memberState(q, memberId)),
    memberCurrency(ctx.db, memberId),
  ]);
  const total = totalWeight(slices);
  return {
    result: {
      activeSpinwheel:
        wheel && isActive(wheel, slices)
          ? { name: wheel.name, slices: slices.map((s) => sliceView(s, currency, total)) }
          : null,
      userCoin: state.coins,
      fair: fairOf(state, slices),
    },
  };
}

/** SPIN-4, HOME-1: GET /api/spinwheel/active. */
export async function active(ctx: Ctx) {
  const { wheel, slices } = await readWheel(ctx.db);
  return { isActive: isActive(wheel, slices) };
}

/**
 * SPIN-2: one coin for one draw. Under the member's row lock: the coin is taken (the column's check
 * refuses a negative count whatever runs at once), the slice drawn from the committed server seed, the
 * spin written with its proof, the prize made a coupon, and a new server seed committed for the next spin
 * (each spin has its own seed, revealed in its answer).
 * With an Idempotency-Key (optional, checked as every money route checks it) a key this member already
 * spun with answers that spin (replayedSpin) and takes no coin, draws nothing: the row lock is taken
 * before the lookup, so a concurrent repeat waits for the first spin to commit and then finds it; the
 * unique index of 029_spin_idempotency.sql refuses a second spin under one key in any case. A spin that
 * failed leaves no key behind, so a retry after a refusal is tried afresh.
 */
export async function spin(ctx: Ctx, memberId: string, key?: string) {
  const idempotencyKey = key === undefined ? null : checkedKey(key);
  return ctx.db.tx(async (q) => {
    const state = await memberState(q, memberId, true);
    if (idempotencyKey !== null) {
      const earlier = await replayedSpin(q, memberId, idempotencyKey, state);
      if (earlier) return earlier;
    }
    const { wheel, slices } = await readWheel(q);
    if (!wheel || !isActive(wheel, slices)) throw new AppError('SPIN_INACTIVE');
    if (state.coins <= 0) throw new AppError('SPIN_NO_COIN');
    const currency = await memberCurrency(q, memberId);
    const weights = weightsOf(slices);
    const won =
      slices[
        draw(
          state.server_seed,
          state.client_seed,
          state.next_spin,
          weights.map((w) => w.weight),
        )
      ]!;
    const now = ctx.clock.now();
    // The spin records the commitment of its seed and wheel, the one setup showed before it.
    const spunCommitment = commitment(state.server_seed, weights);
    const [spun] = await q.query<{ id: bigint }>(
      `insert into spins (member_id, spin_number, server_seed, server_seed_hash, client_seed, weights, code,
                          label, created_at, idempotency_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        memberId,
        state.next_spin,
        state.server_seed,
        spunCommitment,
        state.client_seed,
        JSON.stringify(weights),
        won.code,
        JSON.stringify(won.label),
        now,
        idempotencyKey,
      ],
    );
    const [moved] = await q.query<{ coins: number }>(
      `select spin_coin_move($1, -1, 'spin', $2, $3) as coins`,
      [memberId, String(spun!.id), now],
    );
    let coupon: string | null = null;
    if (won.prize_type !== 'nothing') {
      const credit = won.prize_type === 'credit' ? creditOf(won, currency) : undefined;
      if (won.prize_type === 'credit' && !credit) throw new AppError('INVALID_PRIZE_CODE');
      coupon = randomCode(12);
      await q.query(
        `insert into spin_coupons (public_id, member_id, spin_id, code, label, name, bg_color, text_color,
                                   html_description, prize_type, amount, coins, percent_success, percent_fail,
                                   created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
                 $15::timestamptz + make_interval(days => $16::int))`,
        [
          coupon,
          memberId,
          spun!.id,
          won.code,
          JSON.stringify(won.label),
          JSON.stringify(won.name),
          won.bg_color,
          won.text_color,
          JSON.stringify(won.html_description),
          won.prize_type,
          credit?.toString() ?? null,
          won.prize_type === 'coins' ? won.coins : null,
          won.percent_success,
          won.percent_fail,
          now,
          wheel.coupon_valid_days,
        ],
      );
    }
    const next = newServerSeed();
    const nextHash = commitment(next, weights);
    await q.query(
      `update spin_members set server_seed = $2, server_seed_hash = $3, next_spin = next_spin + 1
       where member_id = $1`,
      [memberId, next, seedHash(next)],
    );
    return {
      success: true as const,
      result: {
        code: won.code,
        label: won.label,
        remainingCoin: moved!.coins,
        coupon,
        proof: {
          spinNumber: state.next_spin,
          serverSeed: state.server_seed,
          serverSeedHash: spunCommitment,
          clientSeed: state.client_seed,
          weights,
        },
        nextServerSeedHash: nextHash,
      },
    };
  });
}

/** A spin as replayedSpin and spins() read it: the result and its proof. */
interface SpinRow {
  spin_number: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  weights: Array<{ code: string; weight: number }>;
  code: string;
  label: LocalizedText;
}
/**
 * The columns of SpinRow, read from `spins s`: qualified, because spin_coupons (joined in replayedSpin)
 * has a code and a label too.
 */
const SPIN_COLUMNS =
  's.spin_number, s.server_seed, s.server_seed_hash, s.client_seed, s.weights, s.code, s.label';

/**
 * SPIN-2: the answer to a repeated Idempotency-Key, built from the spin it made: the same code, label,
 * coupon, proof and next seed hash as the first answer. remainingCoin is the member's coins now, not as
 * they were then (nothing stores that count; now is what the web shows on the wheel anyway): equal to
 * the first answer's unless coins moved since. Undefined when the key has not been spun with.
 */
async function replayedSpin(q: Queryable, memberId: string, key: string, state: MemberState) {
  const [row] = await q.query<SpinRow & { coupon: string | null; next_hash: string | null }>(
    `select ${SPIN_COLUMNS}, c.public_id as coupon,
            (select n.server_seed_hash from spins n
             where n.member_id = s.member_id and n.spin_number = s.spin_number + 1) as next_hash
     from spins s left join spin_coupons c on c.spin_id = s.id
     where s.member_id = $1 and s.idempotency_key = $2`,
    [memberId, key],
  );
  if (!row) return undefined;
  return {
    success: true as const,
    result: {
      code: row.code,
      label: row.label,
      remainingCoin: state.coins,
      coupon: row.coupon,
      proof: {
        spinNumber: row.spin_number,
        serverSeed: row.server_seed,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        weights: row.weights,
      },
      // The seed committed after this spin: the next spin's, or the member's current one if none since.
      nextServerSeedHash:
        row.next_hash ?? commitment(state.server_seed, weightsOf((await readWheel(q)).slices)),
    },
  };
}

interface CouponRow {
  public_id: string;
  code: string;
  label: LocalizedText;
  name: LocalizedText;
  bg_color: string;
  text_color: string;
  html_description: LocalizedText;
  prize_type: 'credit' | 'coins';
  amount: bigint | null;
  coins: number | null;
  percent_success: string;
  percent_fail: string;
  created_at: Date;
  expires_at: Date;
  claimed_at: Date | null;
}

/** SPIN-1: GET /api/spinwheel/coupon: claimable first, then newest first. */
export async function coupons(ctx: Ctx, memberId: string): Promise<{ result: Coupon[] }> {
  const now = ctx.clock.now();
  const rows = await ctx.db.query<CouponRow>(
    `select * from spin_coupons where member_id = $1
     order by (claimed_at is null and expires_at > $2) desc, id desc limit ${COUPONS_SHOWN}`,
    [memberId, now],
  );
  return {
    result: rows.map((c) => ({
      _id: c.public_id,
      prize: {
        name: c.name,
        slice: {
          code: c.code,
          label: c.label,
          name: c.name,
          bgColor: c.bg_color,
          textColor: c.text_color,
          htmlDescription: c.html_description,
          type: c.prize_type,
          amount: c.amount === null ? null : toBaht(c.amount),
          coins: c.coins,
        },
      },
      type: c.prize_type,
      amount: c.amount === null ? null : toBaht(c.amount),
      coins: c.coins,
      claimable: c.claimed_at === null && c.expires_at > now,
      claimedAt: c.claimed_at?.toISOString() ?? null,
      expiresAt: c.expires_at.toISOString(),
      createdAt: c.created_at.toISOString(),
    })),
  };
}

/**
 * SPIN-3: claims a coupon once. Claims of one member are serialised by the reward lock (every reward
 * claim takes it) and the coupon's row lock; the credit's reference is the coupon, so even a claim that
 * slipped past would be paid once by reward_credit. A credit while another reward is active is refused
 * with BONUS_REMAINING (SPIN-4 lists it among the spin codes) and the coupon stays claimable.
 */
export async function claim(ctx: Ctx, memberId: string, couponId: string) {
  if (!COUPON_ID.test(couponId)) throw new AppError('INVALID_CODE');
  return ctx.db.tx(async (q) => {
    await lockMemberRewards(q, memberId);
    const [c] = await q.query<CouponRow>(
      'select * from spin_coupons where public_id = $1 and member_id = $2 for update',
      [couponId, memberId],
    );
    if (!c || c.claimed_at) throw new AppError('NO_CLAIMABLE_COUPON');
    const now = ctx.clock.now();
    if (c.expires_at <= now) throw new AppError('COUPON_EXPIRED');
    if (c.prize_type === 'credit') {
      if (c.amount === null) throw new AppError('INVALID_PRIZE_CODE');
      const [busy] = await q.query(`select 1 from rewards where member_id = $1 and status = 'ACTIVE'`, [
        memberId,
      ]);
      if (busy) throw new AppError('BONUS_REMAINING');
      let paid: string | null;
      try {
        paid = await creditReward(ctx, q, {
          memberId,
          source: 'spin',
          sourceRef: `coupon:${c.public_id}`,
          title: c.name,
          amountMinor: c.amount,
          percentSuccess: Number(c.percent_success),
          percentFail: Number(c.percent_fail),
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'BONUS_ALREADY_ACTIVE')
          throw new AppError('BONUS_REMAINING');
        throw err;
      }
      if (paid === null) throw new AppError('NO_CLAIMABLE_COUPON');
    } else if (c.prize_type === 'coins' && c.coins) {
      const [moved] = await q.query<{ coins: number | null }>(
        `select spin_coin_move($1, $2, 'prize', $3, $4) as coins`,
        [memberId, c.coins, c.public_id, now],
      );
      if (moved?.coins === null) throw new AppError('NO_CLAIMABLE_COUPON');
    } else {
      throw new AppError('INVALID_COUPON_TYPE');
    }
    await q.query('update spin_coupons set claimed_at = $2 where public_id = $1', [c.public_id, now]);
    return {
      success: true as const,
      type: c.prize_type,
      amount: c.amount === null ? null : toBaht(c.amount),
      coins: c.coins,
    };
  });
}

/** Krapao: the member's own client seed, used from their next spin. */
export async function setClientSeed(ctx: Ctx, memberId: string, clientSeed: string) {
  return ctx.db.tx(async (q) => {
    await memberState(q, memberId, true);
    await q.query('update spin_members set client_seed = $2 where member_id = $1', [memberId, clientSeed]);
    return { fair: fairOf(await memberState(q, memberId), (await readWheel(q)).slices) };
  });
}

/** Krapao: the latest spins with their revealed seeds, for the verify view. */
export async function spins(ctx: Ctx, memberId: string): Promise<{ result: SpinRecord[] }> {
  const rows = await ctx.db.query<SpinRow & { created_at: Date }>(
    `select ${SPIN_COLUMNS}, s.created_at
     from spins s where s.member_id = $1 order by s.spin_number desc limit ${SPINS_SHOWN}`,
    [memberId],
  );
  return {
    result: rows.map((r) => ({
      code: r.code,
      label: r.label,
      createdAt: r.created_at.toISOString(),
      proof: {
        spinNumber: r.spin_number,
        serverSeed: r.server_seed,
        serverSeedHash: r.server_seed_hash,
        clientSeed: r.client_seed,
        weights: r.weights,
      },
    })),
  };
}
