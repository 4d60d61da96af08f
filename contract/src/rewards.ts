import { z } from 'zod';
import { endpoint, text } from './common.ts';

/**
 * Every reward Krapao pays (a bonus, a promotion, an invite commission, a loss refund, a spin
 * prize paid as credit) is one kind of credit with two exits (docs/decisions.md "One model for every
 * reward"). These are the kinds, as the statement's related line names them.
 */
export const REWARD_SOURCES = ['bonus', 'promotion', 'invite', 'refund', 'spin'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

/** A text in each language of the site, as the operator writes it. */
export const localizedTextSchema = z.object({ th: text(), la: text(), en: text() }).partial();
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/**
 * The member's active reward and how far each exit is, amounts in the member's currency: success when
 * `turnoverDone` reaches `turnoverNeeded`; fail when `balance` falls below `failBelow`.
 */
export const activeRewardSchema = z.object({
  id: text(),
  source: z.enum(REWARD_SOURCES),
  /** The bonus or promotion code, the coupon, the refund period: what paid it. */
  reference: text(),
  title: localizedTextSchema,
  amount: z.number(),
  percentSuccess: z.number(),
  percentFail: z.number(),
  /** The game categories whose play counts; null counts all. */
  categories: z.array(text()).nullable(),
  createdAt: text(),
  turnoverDone: z.number(),
  turnoverNeeded: z.number(),
  balance: z.number(),
  failBelow: z.number(),
  /** Whether an exit holds now, so GET /api/bonus/clear would end it. */
  canClear: z.boolean(),
});
export type ActiveReward = z.infer<typeof activeRewardSchema>;

/** BON-3: whether a bonus is active and its type (the source: bonus, promotion, invite, refund, spin). */
export const checkActive = endpoint({
  method: 'GET',
  path: '/api/bonus/check/active',
  body: undefined,
  response: z.object({ status: z.boolean(), type: z.enum(REWARD_SOURCES).nullable() }),
  auth: true,
});

/**
 * BON-1, BON-5: ends the active reward when one of its exits holds ({message: 'BONUS_CLEAR'}, and the
 * outcome); BONUS_CONDITION when none holds yet; NO_DATA when none is active.
 */
export const clear = endpoint({
  method: 'GET',
  path: '/api/bonus/clear',
  body: undefined,
  response: z.object({ message: z.literal('BONUS_CLEAR'), outcome: z.enum(['SUCCESS', 'FAILED']) }),
  auth: true,
});

/** Krapao's addition: the active reward with its progress, or null. */
export const active = endpoint({
  method: 'GET',
  path: '/api/rewards/active',
  body: undefined,
  response: z.object({ reward: activeRewardSchema.nullable() }),
  auth: true,
});
