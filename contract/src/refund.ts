import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { PAGE_SIZE } from './constants.ts';
import { pageBody, perCurrencySchema, programmeBannerSchema } from './invite.ts';

/**
 * REF-1: the loss refund. A member gets back `percent` % of their net loss (turnover minus wins, from the
 * bet feed) over the last complete period, a day or a week in the operator's time zone, once per period,
 * as a reward (docs/decisions.md "Invite commission and loss refund"):
 * - receive: `percent` % with the rules' exits (percentSuccess, percentFail);
 * - addWallet: `addWallet.percent` % with the add-to-wallet exits (by default 0 % turnover: ordinary money
 *   at once). The member chooses one of the two for a period.
 */
export const REFUND_PERIODS = ['daily', 'weekly'] as const;
export type RefundPeriod = (typeof REFUND_PERIODS)[number];
export const REFUND_KINDS = ['receive', 'addWallet'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
/** Why no refund can be received now: the code receive and addWallet would answer. */
export const REFUND_REFUSALS = [
  'REFUND_INACTIVE',
  'REFUND_CONDITION',
  'NO_REFUND',
  'REFUND_MINIMUM',
] as const;

const percent = (max: number) => z.number().min(0).max(max);
const exits = z.object({
  percent: percent(100),
  percentSuccess: percent(100_000),
  percentFail: percent(100),
});

/** The operator's refund rules (setting refund.rules). */
export const refundRulesSchema = z.object({
  active: z.boolean(),
  period: z.enum(REFUND_PERIODS),
  /** receive: this % of the net loss, with these exits. */
  percent: percent(100),
  percentSuccess: percent(100_000),
  percentFail: percent(100),
  /** addWallet: its own % of the net loss and exits. */
  addWallet: exits,
  /** The least a refund pays, per currency; below it REFUND_MINIMUM. */
  minimum: perCurrencySchema,
  banners: z.array(programmeBannerSchema).max(10),
});
export type RefundRules = z.infer<typeof refundRulesSchema>;

export const refundLogSchema = z.object({
  refundAmount: z.number(),
  createdAt: text(),
  // Krapao's additions: which choice and which period (first day and last day, inclusive).
  kind: z.enum(REFUND_KINDS),
  periodStart: text(),
  periodEnd: text(),
});
export type RefundLog = z.infer<typeof refundLogSchema>;

const periodFigures = z.object({
  /** First and last day of the period, YYYY-MM-DD in the operator's time zone. */
  periodStart: text(),
  periodEnd: text(),
  turnover: z.number(),
  /** Turnover minus wins, when positive; 0 when the member won. */
  netLoss: z.number(),
});

/**
 * REF-1: what receive would pay now. `result`: a refund can be received; `bonus`: a reward is active
 * (REFUND_CONDITION); `refundAmount` and its exits refundSuccess, refundFail; `info` the period, the loss,
 * the add-to-wallet choice and, when `result` is false, the reason.
 */
export const refundCheckSchema = z.object({
  result: z.boolean(),
  bonus: z.boolean(),
  refundAmount: z.number(),
  refundSuccess: z.number(),
  refundFail: z.number(),
  info: periodFigures.extend({
    reason: z.enum(REFUND_REFUSALS).nullable(),
    period: z.enum(REFUND_PERIODS),
    percent: z.number(),
    minimum: z.number(),
    addWallet: z.object({
      amount: z.number(),
      percent: z.number(),
      percentSuccess: z.number(),
      percentFail: z.number(),
    }),
    /** The period in progress: its loss so far, refundable once it has ended. */
    current: periodFigures,
    /**
     * Rounds reported after their own period was refunded (a sport bet settled late): their turnover and
     * result (wins minus bets, negative for a loss), added to this refund's period. Zeros when none.
     */
    late: z.object({ turnover: z.number(), result: z.number() }),
  }),
});
export type RefundCheck = z.infer<typeof refundCheckSchema>;

export const check = endpoint({
  method: 'GET',
  path: '/api/refund/check',
  body: undefined,
  response: refundCheckSchema,
  auth: true,
});

const claimAnswer = z.object({
  message: z.literal('REFUND_SUCCESS'),
  kind: z.enum(REFUND_KINDS),
  refundAmount: z.number(),
  percentSuccess: z.number(),
  percentFail: z.number(),
});

/** REF-1: the last period's refund as a reward with turnover. REFUND_INACTIVE, REFUND_CONDITION, NO_REFUND, REFUND_MINIMUM. */
export const receive = endpoint({
  method: 'GET',
  path: '/api/refund/receive',
  body: undefined,
  response: claimAnswer,
  auth: true,
});

/** REF-1: the last period's refund into the wallet, with the add-to-wallet rule; the same codes. */
export const addWallet = endpoint({
  method: 'GET',
  path: '/api/refund/addWallet',
  body: undefined,
  response: claimAnswer,
  auth: true,
});

/** REF-1: the member's refunds, newest first, 10 a page. */
export const list = endpoint({
  method: 'POST',
  path: '/api/refund',
  body: pageBody(PAGE_SIZE.refund),
  response: z.object({ total: z.number().int(), refunds: z.array(refundLogSchema) }),
  auth: true,
});

export const banners = endpoint({
  method: 'GET',
  path: '/api/refund/banners',
  body: undefined,
  response: z.object({ banners: z.array(programmeBannerSchema), active: z.boolean() }),
  auth: true,
});

export const opsRules = endpoint({
  method: 'GET',
  path: '/api/ops/refund/rules',
  body: undefined,
  response: refundRulesSchema,
  auth: false,
});
export const opsSetRules = endpoint({
  method: 'POST',
  path: '/api/ops/refund/rules',
  body: refundRulesSchema.partial(),
  response: refundRulesSchema,
  auth: false,
});
