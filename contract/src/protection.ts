import { z } from 'zod';
import { currencySchema, endpoint, text } from './common.ts';
import { amountSchema } from './money.ts';

/**
 * Player protection (docs/decisions.md "Player protection"): deposit and loss limits per day, week and
 * month of the Bangkok calendar (a week from Monday), a reality check, a time-out and a self-exclusion.
 * Amounts are in the member's wallet currency, written as every member amount is (at most two decimals);
 * null means no limit. A decrease applies at once; an increase or a removal waits
 * PROTECTION_COOLING_OFF_H hours and then needs the member's confirmation.
 */
export const PROTECTION_LIMIT_KEYS = [
  'depositDay',
  'depositWeek',
  'depositMonth',
  'lossDay',
  'lossWeek',
  'lossMonth',
] as const;
export type ProtectionLimitKey = (typeof PROTECTION_LIMIT_KEYS)[number];
export const PROTECTION_COOLING_OFF_H = 24;
/**
 * Days after which the app asks the member to look over their limits and play again (regulated markets
 * ask for a reminder at least every six months), counted from their last review, else registration.
 */
export const PROTECTION_REVIEW_DAYS = 182;
/** Minutes between reality checks; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export const TIMEOUT_DAYS = [1, 7, 30, 42] as const;
export const EXCLUSION_MONTHS = [6, 12, 60] as const;

const limit = amountSchema.nullable();
/** The whole set of limits, each key present: an amount, or null for none. */
export const protectionLimitsSchema = z
  .object({
    depositDay: limit,
    depositWeek: limit,
    depositMonth: limit,
    lossDay: limit,
    lossWeek: limit,
    lossMonth: limit,
  })
  .strict();
export type ProtectionLimits = z.infer<typeof protectionLimitsSchema>;

/** No deposit or loss limit at all: what a member has until they set one. */
export const NO_PROTECTION_LIMITS: ProtectionLimits = {
  depositDay: null,
  depositWeek: null,
  depositMonth: null,
  lossDay: null,
  lossWeek: null,
  lossMonth: null,
};

const literalOf = <T extends readonly number[]>(values: T) => z.literal(values);

export const protectionSchema = z.object({
  currency: currencySchema,
  /** The limits in force now. */
  limits: protectionLimitsSchema,
  /**
   * A requested increase or removal: the whole set asked for, from when it may be confirmed (ISO time),
   * and whether that time has come. null when none waits.
   */
  pending: z
    .object({ limits: protectionLimitsSchema, appliesAt: text(), confirmable: z.boolean() })
    .nullable(),
  /** What the current day, week and month have used so far: gross deposits, and net loss (0 when won). */
  used: z.object({
    depositDay: z.number(),
    depositWeek: z.number(),
    depositMonth: z.number(),
    lossDay: z.number(),
    lossWeek: z.number(),
    lossMonth: z.number(),
  }),
  /** The least a deposit may still be under every deposit limit (open QR codes counted); null: no limit. */
  depositLeft: z.number().nullable(),
  realityCheckMinutes: literalOf(REALITY_CHECK_MINUTES),
  /** A time-out or self-exclusion in force, and when it ends (ISO time). */
  block: z.object({ kind: z.enum(['TIMEOUT', 'EXCLUSION']), until: text() }).nullable(),
  /**
   * This sign-in: when it began (ISO time), how long ago by the server's clock (seconds), and the net
   * result of play since (wins minus stakes, from the bet feed).
   */
  session: z.object({ signedInAt: text(), elapsedS: z.number().int(), net: z.number() }),
  /** PROTECTION_REVIEW_DAYS have passed since the member last reviewed (or registered): the app asks. */
  reviewDue: z.boolean(),
});
export type Protection = z.infer<typeof protectionSchema>;

/** What DEPOSIT_LIMIT answers besides its message: what may still be deposited in this period. */
export const depositLimitRefusalSchema = z.object({
  message: z.literal('DEPOSIT_LIMIT'),
  left: z.number(),
});

export const get = endpoint({
  method: 'GET',
  path: '/api/protection',
  body: undefined,
  response: protectionSchema,
  auth: true,
});

/**
 * The whole set of limits. Each lower (or new) limit applies at once; if any is higher or removed, the
 * whole set waits as `pending` for 24 hours and then for POST /api/protection/limits/confirm. A new set
 * replaces a pending one.
 */
export const setLimits = endpoint({
  method: 'PUT',
  path: '/api/protection/limits',
  body: protectionLimitsSchema,
  response: protectionSchema,
  auth: true,
});

/** Applies the pending set once 24 hours have passed; before, LIMIT_NOT_YET; with none, NOT_FOUND. */
export const confirmLimits = endpoint({
  method: 'POST',
  path: '/api/protection/limits/confirm',
  body: undefined,
  response: protectionSchema,
  auth: true,
});

/** The member looked over their limits and play at the app's prompt: it asks again in six months. */
export const review = endpoint({
  method: 'POST',
  path: '/api/protection/review',
  body: undefined,
  response: protectionSchema,
  auth: true,
});

/** The reality check's interval in minutes (0, 15, 30 or 60); applies at once. */
export const setRealityCheck = endpoint({
  method: 'PUT',
  path: '/api/protection/reality-check',
  body: z.object({ minutes: literalOf(REALITY_CHECK_MINUTES) }).strict(),
  response: protectionSchema,
  auth: true,
});

/**
 * A time-out of 1, 7, 30 or 42 days from now, at once. Deposits, play, bonuses and promotions are
 * refused (SELF_EXCLUDED) until it ends; withdrawals and the statement stay open; game balances come back
 * to the wallet. A block already longer is kept.
 */
export const timeout = endpoint({
  method: 'POST',
  path: '/api/protection/timeout',
  body: z.object({ days: literalOf(TIMEOUT_DAYS) }).strict(),
  response: protectionSchema,
  auth: true,
});

/** Self-exclusion for 6, 12 or 60 months, at once, not shortened by anything before its end. */
export const exclusion = endpoint({
  method: 'POST',
  path: '/api/protection/exclusion',
  body: z.object({ months: literalOf(EXCLUSION_MONTHS) }).strict(),
  response: protectionSchema,
  auth: true,
});
