// The spin wheel (SPIN-1 to SPIN-4, HOME-1's spin-coin button). Members earn coins by depositing (an
// operator rule per currency), spend one per spin, and the draw is on the server over the operator's
// slice weights, provably fair (spin-fair.ts): the setup shows the hash of the server seed the next spin
// uses, the spin reveals that seed, and every past spin can be recomputed in the browser.
// A prize is a coupon to claim: credit (a reward with two exits, rewards.ts), coins, or nothing.
import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { CURRENCIES, PAGE_SIZE } from './constants.ts';
import { amountSchema } from './money.ts';
import { localizedTextSchema } from './rewards.ts';
import { SPIN_SLICES_MAX, SPIN_SLICES_MIN, SPIN_WEIGHT_MAX } from './spin-fair.ts';

export * from './spin-fair.ts';

/** SPIN-1: coupons per page of the coupon table. */
export const COUPON_PAGE = PAGE_SIZE.coupons;
/** SPIN-1: the wheel canvas is at most this wide, or this share of the window when that is smaller. */
export const WHEEL_MAX_PX = 350;
export const WHEEL_WINDOW_SHARE = 0.85;
/** The window resize is debounced; so is the claim's confirm (SPIN-3). */
export const WHEEL_RESIZE_DEBOUNCE_MS = 500;
export const COUPON_CONFIRM_DEBOUNCE_MS = 500;
/** SPIN-2: a spin turns 3 to 4 times over 4 to 5 s; the prize modal opens 2 s after it stops. */
export const SPIN_TURNS_MIN = 3;
export const SPIN_TURNS_MAX = 4;
export const SPIN_DURATION_MIN_MS = 4_000;
export const SPIN_DURATION_MAX_MS = 5_000;
export const SPIN_PRIZE_DELAY_MS = 2_000;
/** A member's own client seed: letters, digits, - and _, up to 64. */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const PRIZE_TYPES = ['credit', 'coins', 'nothing'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];

const color = () => text().regex(/^#[0-9a-fA-F]{6}$/);

/** A slice as the member sees it; label is the short text on the wheel, name the prize's name. */
export const sliceSchema = z.object({
  code: text(),
  label: localizedTextSchema,
  name: localizedTextSchema,
  bgColor: text(),
  textColor: text(),
  htmlDescription: localizedTextSchema,
  /** This slice's share of the weights, 0 to 1: shown to the member beside it. */
  probability: z.number(),
  type: z.enum(PRIZE_TYPES),
  /** A credit prize in the member's currency; null for the others. */
  amount: z.number().nullable(),
  /** A coins prize; null for the others. */
  coins: z.number().int().nullable(),
});
export type Slice = z.infer<typeof sliceSchema>;

/** The provably fair commitment of the member's next spin. */
export const fairnessSchema = z.object({
  /**
   * The commitment of the next spin: SHA-256 (hex) of the server seed it uses together with the wheel as
   * it is now (commitmentText in spin-fair.ts); the seed itself is revealed by that spin.
   */
  serverSeedHash: text(),
  clientSeed: text(),
  nextSpinNumber: z.number().int(),
});
export type Fairness = z.infer<typeof fairnessSchema>;

/** SPIN-4: the active wheel (null when none is active) and the member's coins. */
export const setup = endpoint({
  method: 'GET',
  path: '/api/spinwheel/setup',
  body: undefined,
  response: z.object({
    result: z.object({
      activeSpinwheel: z.object({ name: localizedTextSchema, slices: z.array(sliceSchema) }).nullable(),
      userCoin: z.number().int(),
      fair: fairnessSchema,
    }),
  }),
  auth: true,
});

/** What a spin revealed: enough, with the wheel's weights, to recompute it (recomputeSpin). */
export const spinProofSchema = z.object({
  spinNumber: z.number().int(),
  serverSeed: text(),
  /** The commitment of this seed and these weights, for reference: the verify view checks the seed and
   *  weights against the commitment the browser kept before the spin, never against this one. */
  serverSeedHash: text(),
  clientSeed: text(),
  weights: z.array(z.object({ code: text(), weight: z.number().int() })),
});

/**
 * SPIN-2: spends one coin and draws a slice ('SPIN_NO_COIN' with none; 'SPIN_INACTIVE' without an active
 * wheel). The spin's seed is revealed at once and a new one committed (fair.nextServerSeedHash).
 */
export const spin = endpoint({
  method: 'POST',
  path: '/api/spinwheel/spin',
  body: z.object({}).strict().optional(),
  response: z.object({
    success: z.literal(true),
    result: z.object({
      code: text(),
      label: localizedTextSchema,
      remainingCoin: z.number().int(),
      /** The coupon the prize became; null for a slice with nothing to claim. */
      coupon: text().nullable(),
      proof: spinProofSchema,
      nextServerSeedHash: text(),
    }),
  }),
  auth: true,
  // A retry with the same key answers the first spin's prize (docs/api.md "Spin wheel").
  headers: { 'Idempotency-Key': 'optional' },
});

export const couponSchema = z.object({
  _id: text(),
  prize: z.object({ name: localizedTextSchema, slice: sliceSchema.omit({ probability: true }) }),
  type: z.enum(PRIZE_TYPES),
  /** Credit in the member's currency; null for a coins prize. */
  amount: z.number().nullable(),
  coins: z.number().int().nullable(),
  claimable: z.boolean(),
  claimedAt: text().nullable(),
  expiresAt: text(),
  createdAt: text(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** SPIN-1, SPIN-4: the member's coupons, claimable first, then newest first. */
export const coupons = endpoint({
  method: 'GET',
  path: '/api/spinwheel/coupon',
  body: undefined,
  response: z.object({ result: z.array(couponSchema) }),
  auth: true,
});

/**
 * SPIN-3: claims a coupon once. NO_CLAIMABLE_COUPON (not the member's, or claimed), INVALID_CODE (not a
 * coupon id), INVALID_COUPON_TYPE (nothing to claim), INVALID_PRIZE_CODE (no amount in the member's
 * currency), COUPON_EXPIRED, BONUS_REMAINING (a credit while another reward is active).
 */
export const claim = endpoint({
  method: 'POST',
  path: '/api/spinwheel/coupon/claim',
  body: z.object({ coupon: text().max(64) }),
  response: z.object({
    success: z.literal(true),
    type: z.enum(PRIZE_TYPES),
    amount: z.number().nullable(),
    coins: z.number().int().nullable(),
  }),
  auth: true,
});

/** HOME-1: whether the wheel is active (the wallet card shows the spin-coin button only then). */
export const active = endpoint({
  method: 'GET',
  path: '/api/spinwheel/active',
  body: undefined,
  response: z.object({ isActive: z.boolean() }),
  auth: true,
});

/** Krapao: the member chooses their client seed (it takes effect from the next spin). */
export const clientSeed = endpoint({
  method: 'POST',
  path: '/api/spinwheel/seed',
  body: z.object({ clientSeed: text().regex(CLIENT_SEED_PATTERN) }),
  response: z.object({ fair: fairnessSchema }),
  auth: true,
});

export const spinRecordSchema = z.object({
  code: text(),
  label: localizedTextSchema,
  createdAt: text(),
  proof: spinProofSchema,
});
export type SpinRecord = z.infer<typeof spinRecordSchema>;

/** Krapao: the member's latest spins with their revealed seeds, for the verify view. */
export const spins = endpoint({
  method: 'GET',
  path: '/api/spinwheel/spins',
  body: undefined,
  response: z.object({ result: z.array(spinRecordSchema) }),
  auth: true,
});

// ---- The operator's side: /api/ops/spin/*, the operator token, every change audited.

/** A slice as the operator writes it; amounts are per currency, in that currency. */
export const opsSliceSchema = z.object({
  code: text().regex(/^[A-Z0-9_]{1,20}$/),
  label: localizedTextSchema,
  name: localizedTextSchema,
  bgColor: color(),
  textColor: color(),
  htmlDescription: localizedTextSchema.default({}),
  weight: z.number().int().min(0).max(SPIN_WEIGHT_MAX),
  type: z.enum(PRIZE_TYPES),
  /** Credit per currency ({BAHT: 50, LAK: 30000}); both needed for a credit prize. */
  amounts: z.partialRecord(z.enum(CURRENCIES), amountSchema).default({}),
  coins: z.number().int().min(1).max(1000).nullable().default(null),
  percentSuccess: z.number().min(0).max(100_000).default(0),
  percentFail: z.number().min(0).max(100).default(0),
});
export type OpsSlice = z.infer<typeof opsSliceSchema>;

export const coinRuleSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** One coin per this much of a successful deposit, in that currency. */
  amountPerCoin: amountSchema,
  /** The most coins one deposit earns; null for no limit (an int column: at most a million). */
  maxPerDeposit: z.number().int().min(1).max(1_000_000).nullable(),
});

export const opsWheelSchema = z.object({
  name: localizedTextSchema,
  active: z.boolean(),
  couponValidDays: z.number().int().min(1).max(365),
  slices: z.array(opsSliceSchema),
  coinRules: z.array(coinRuleSchema),
});

const ops = <B extends z.ZodType | undefined, R extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: B,
  response: R,
) => endpoint({ method, path, body, response, auth: false });

export const opsWheel = ops('GET', '/api/ops/spin', undefined, opsWheelSchema);
export const opsSetWheel = ops(
  'PUT',
  '/api/ops/spin/wheel',
  z.object({
    name: localizedTextSchema.optional(),
    active: z.boolean().optional(),
    couponValidDays: z.number().int().min(1).max(365).optional(),
  }),
  opsWheelSchema,
);
/** Replaces every slice at once (the order is the wheel's, clockwise from the top). */
export const opsSetSlices = ops(
  'PUT',
  '/api/ops/spin/slices',
  z.object({ slices: z.array(opsSliceSchema).min(SPIN_SLICES_MIN).max(SPIN_SLICES_MAX) }),
  opsWheelSchema,
);
export const opsSetCoinRule = ops('PUT', '/api/ops/spin/coin-rule', coinRuleSchema, opsWheelSchema);
/** Gives (or with a negative number takes) coins to the member with this phone or public id. */
export const opsGrantCoins = ops(
  'POST',
  '/api/ops/spin/coins',
  z.object({
    member: text().min(1).max(64),
    coins: z.number().int().min(-1000).max(1000),
    note: text().max(200).optional(),
  }),
  z.object({ member: text(), coins: z.number().int() }),
);
