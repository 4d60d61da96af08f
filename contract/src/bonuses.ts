import { z } from 'zod';
import { bahtSchema, currencySchema, endpoint, text } from './common.ts';
import { GAME_CATEGORIES } from './constants.ts';
import { amountSchema } from './money.ts';
import { localizedTextSchema } from './rewards.ts';

/**
 * BON-1 to BON-5: the operator's bonuses and promotion codes. Each pays a reward of the one model
 * (rewards.ts, docs/decisions.md "One model for every reward"); amounts on the wire are in the member's
 * currency (baht or kip). "The qualifying deposit" is defined in docs/decisions.md "Bonuses and promotion
 * codes": the member's latest successful deposit of the last QUALIFYING_DEPOSIT_HOURS hours that no bonus
 * or promotion has used yet.
 */

/** BON-2: how often a member may receive a bonus: maxReceived in total, per day, per week. */
export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];
/** A bonus card: available; current (its reward is the member's active one); received (blocked). */
export const BONUS_STATES = ['available', 'current', 'received'] as const;
export type BonusState = (typeof BONUS_STATES)[number];

/** How long after a deposit it still qualifies for a bonus or promotion (the default of the setting). */
export const QUALIFYING_DEPOSIT_HOURS = 24;
/** The longest bonus or promotion code. */
export const BONUS_CODE_MAX_LENGTH = 32;
/** Codes are upper-case letters, digits, _ and -; a member's input is upper-cased before it is sent. */
export const BONUS_CODE_PATTERN = /^[A-Z0-9_-]{2,32}$/;

/**
 * What a claim pays: a percent of the qualifying deposit with a cap, or a fixed sum (which needs a
 * deposit only when minDeposit is above 0).
 */
export const rewardRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    // Stored as numeric(8, 2): 1e-9 passed positive() and failed the database's check (a 500).
    percent: z
      .number()
      .min(0.01)
      .max(1_000)
      .refine((n) => Math.round(n * 100) / 100 === n, 'two decimals at most'),
    max: amountSchema,
  }),
  z.object({ kind: z.literal('fixed'), amount: amountSchema }),
]);
export type RewardRule = z.infer<typeof rewardRuleSchema>;

/** An operator's banner: a picture and optional HTML under it (the web cleans it with an allow-list). */
export const bannerSchema = z.object({ image: text(), html: text().default('') });
export type Banner = z.infer<typeof bannerSchema>;

/** The spec's userBonus: the member's claims of this bonus in its current period (all, for limit). */
export const userBonusSchema = z.object({
  /** The member's latest reward from this bonus. */
  _id: text(),
  /** Whether that reward is the member's active one. */
  isActive: z.boolean(),
  received: z.array(z.object({ updatedAt: text() })),
});
export type UserBonus = z.infer<typeof userBonusSchema>;

export const bonusSchema = z.object({
  _id: text(),
  code: text(),
  name: localizedTextSchema,
  /** The conditions text; %percentFail% is filled by the client. */
  notice: localizedTextSchema,
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int(),
  /** Claims counted against maxReceived: in total (limit), today (day), this week (week). */
  receivedInPeriod: z.number().int(),
  percentSuccess: z.number(),
  percentFail: z.number(),
  minDeposit: z.number(),
  reward: rewardRuleSchema,
  /** The game categories whose play counts as turnover; null counts all. */
  categories: z.array(z.enum(GAME_CATEGORIES)).nullable(),
  banners: z.array(bannerSchema),
  state: z.enum(BONUS_STATES),
  /** null when the member never received it. */
  userBonus: userBonusSchema.nullable(),
});
export type Bonus = z.infer<typeof bonusSchema>;

/** BON-3: the bonuses of the member's currency that are switched on, in the operator's order. */
export const list = endpoint({
  method: 'GET',
  path: '/api/bonus',
  body: undefined,
  response: z.array(bonusSchema),
  auth: true,
});

/** What a claim (bonus or promotion) paid: the reward's id and amount. */
export const activationSchema = userBonusSchema.extend({ code: text(), amount: z.number() });
export type Activation = z.infer<typeof activationSchema>;

/**
 * BON-3, BON-5: receives the bonus `code` (the member's currency). NO_DATA (404) for an unknown or
 * switched-off code; BONUS_ALREADY_ACTIVE while another reward is active; BONUS_MAX_CLAIMED once
 * received maxReceived times in its period; BONUS_CONDITION without a qualifying deposit of at least
 * minDeposit (or, for a percent, without any).
 */
export const activate = endpoint({
  method: 'GET',
  path: '/api/bonus/activate/{code}',
  body: undefined,
  response: activationSchema,
  auth: true,
});

/**
 * BON-3 (the spec defines it, not its use): the member's qualifying deposit, if any, and the bonuses
 * whose minimum it meets and which the member may still receive. `status` is true when at least one.
 */
export const checkMinimum = endpoint({
  method: 'GET',
  path: '/api/bonus/check/minimum',
  body: undefined,
  response: z.object({
    status: z.boolean(),
    deposit: z.object({ amount: z.number(), createdAt: text() }).nullable(),
    eligible: z.array(text()),
  }),
  auth: true,
});

export const promotionSchema = z.object({
  code: text(),
  description: localizedTextSchema,
  percentSuccess: z.number(),
  percentFail: z.number(),
  minDeposit: z.number(),
  reward: rewardRuleSchema,
  categories: z.array(z.enum(GAME_CATEGORIES)).nullable(),
  validFrom: text().nullable(),
  validTo: text().nullable(),
  /** Claims left before BONUS_FULL; null when the operator set no total. */
  remaining: z.number().int().nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;
/** BON-4: "a promotion or empty", {} when there is none. */
export const promotionOrEmptySchema = z.union([promotionSchema, z.object({}).strict()]);

/**
 * BON-4: the promotion `code` (upper-cased, URL-encoded by the client) if it is on and valid now in the
 * member's currency, else {}.
 */
export const findPromotion = endpoint({
  method: 'GET',
  path: '/api/promotion/find/{code}',
  body: undefined,
  response: promotionOrEmptySchema,
  auth: true,
});

/**
 * BON-4, BON-5: receives the promotion. NO_PROMOTION (unknown, off or outside its dates);
 * PROMOTION_RECEIVED (once per member); BONUS_FULL (its total is reached); BONUS_ALREADY_ACTIVE;
 * BONUS_CONDITION (no qualifying deposit of its minimum).
 */
export const activatePromotion = endpoint({
  method: 'GET',
  path: '/api/promotion/activate/{code}',
  body: undefined,
  response: activationSchema,
  auth: true,
});

/** The promotion whose reward is the member's active one, else {}. */
export const currentPromotion = endpoint({
  method: 'GET',
  path: '/api/promotion/current',
  body: undefined,
  response: promotionOrEmptySchema,
  auth: true,
});

// --- The operator's side (bearer operator token, like /api/ops/*; every change audited) ---

const codeSchema = text().trim().toUpperCase().regex(BONUS_CODE_PATTERN);
const programmeFields = {
  code: codeSchema,
  currency: currencySchema,
  percentSuccess: z.number().min(0).max(100_000),
  percentFail: z.number().min(0).max(100),
  minDeposit: bahtSchema.default(0),
  reward: rewardRuleSchema,
  categories: z.array(z.enum(GAME_CATEGORIES)).min(1).nullable().default(null),
  active: z.boolean().default(true),
};

/** A bonus as the operator writes it: created, or replaced when code and currency exist. */
export const bonusConfigSchema = z.object({
  ...programmeFields,
  name: localizedTextSchema,
  notice: localizedTextSchema.default({}),
  banners: z.array(bannerSchema).max(10).default([]),
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int().min(1).max(1_000),
  /** An int column: 1e10 overflowed it (a 500). */
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type BonusConfig = z.infer<typeof bonusConfigSchema>;

/** A promotion code as the operator writes it. */
export const promotionConfigSchema = z.object({
  ...programmeFields,
  description: localizedTextSchema,
  /** Claims in total before BONUS_FULL; null for no total. */
  totalCap: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
  validFrom: text().nullable().default(null),
  validTo: text().nullable().default(null),
});
export type PromotionConfig = z.infer<typeof promotionConfigSchema>;

const opsRecord = z.record(text(), z.unknown());
const ops = <B extends z.ZodType | undefined, R extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  body: B,
  response: R,
) => endpoint({ method, path, body, response, auth: false });

/** Every bonus, off ones too, with how often each was received. */
export const opsBonuses = ops('GET', '/api/ops/bonuses', undefined, z.array(opsRecord));
export const opsSaveBonus = ops('POST', '/api/ops/bonuses', bonusConfigSchema, opsRecord);
/** Switches a bonus on or off ({currency, active}). */
export const opsSwitchBonus = ops(
  'POST',
  '/api/ops/bonuses/{code}/switch',
  z.object({ currency: currencySchema, active: z.boolean() }),
  opsRecord,
);
export const opsPromotions = ops('GET', '/api/ops/promotions', undefined, z.array(opsRecord));
export const opsSavePromotion = ops('POST', '/api/ops/promotions', promotionConfigSchema, opsRecord);
export const opsSwitchPromotion = ops(
  'POST',
  '/api/ops/promotions/{code}/switch',
  z.object({ currency: currencySchema, active: z.boolean() }),
  opsRecord,
);
