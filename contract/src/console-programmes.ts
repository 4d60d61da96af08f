// The console's programmes and settings (issue 19 item 8): the same schemas the operator API validates
// with (bonuses.ts, spin.ts, invite.ts, refund.ts, agreements.ts), so a form, the console route and
// `npm run ops` accept exactly what the database will keep. Programmes are marketing's; settings are the
// admin's (finance reads the withdrawal settings).
import { z } from 'zod';
import { bonusConfigSchema, promotionConfigSchema } from './bonuses.ts';
import { currencySchema, endpoint, text } from './common.ts';
import { agreementsVersionSchema, opsAgreementSchema } from './agreements.ts';
import { CURRENCIES, QR_PROVIDERS } from './constants.ts';
import { inviteRulesSchema } from './invite.ts';
import { AMOUNT_MAX_BAHT, amountSchema } from './money.ts';
import { refundRulesSchema } from './refund.ts';
import { coinRuleSchema, opsSetSlices, opsSetWheel, opsWheelSchema } from './spin.ts';

const get = <R extends z.ZodType>(path: string, response: R) =>
  endpoint({ method: 'GET', path, body: undefined, response, auth: false });
const put = <B extends z.ZodType, R extends z.ZodType>(path: string, body: B, response: R) =>
  endpoint({ method: 'PUT', path, body, response, auth: false });
const post = <B extends z.ZodType, R extends z.ZodType>(path: string, body: B, response: R) =>
  endpoint({ method: 'POST', path, body, response, auth: false });

// ---- Bonuses and promotion codes ----

/** A bonus as the console shows it: what the operator writes, and how often it was received. */
export const consoleBonusSchema = bonusConfigSchema.extend({ claims: z.number().int() });
export type ConsoleBonus = z.output<typeof consoleBonusSchema>;
/** A promotion code as the console shows it: what the operator writes, and the claims so far. */
export const consolePromotionSchema = promotionConfigSchema.extend({ claimed: z.number().int() });
export type ConsolePromotion = z.output<typeof consolePromotionSchema>;

const switchBody = z.object({ currency: currencySchema, active: z.boolean() });

export const bonuses = get('/api/console/bonuses', z.object({ items: z.array(consoleBonusSchema) }));
/** Creates or replaces the bonus of that code and currency. */
export const saveBonus = put('/api/console/bonuses', bonusConfigSchema, consoleBonusSchema);
export const switchBonus = post('/api/console/bonuses/{code}/switch', switchBody, consoleBonusSchema);
export const promotions = get(
  '/api/console/promotions',
  z.object({ items: z.array(consolePromotionSchema) }),
);
export const savePromotion = put('/api/console/promotions', promotionConfigSchema, consolePromotionSchema);
export const switchPromotion = post(
  '/api/console/promotions/{code}/switch',
  switchBody,
  consolePromotionSchema,
);

// ---- The wheel ----

export const wheel = get('/api/console/wheel', opsWheelSchema);
/** Name, on or off, coupon validity. */
export const setWheel = put('/api/console/wheel', opsSetWheel.body, opsWheelSchema);
/** Every slice at once, in the wheel's order. */
export const setSlices = put('/api/console/wheel/slices', opsSetSlices.body, opsWheelSchema);
export const setCoinRule = put('/api/console/wheel/coin-rule', coinRuleSchema, opsWheelSchema);

// ---- Invite and refund rules, agreements ----

export const inviteRules = get('/api/console/invite/rules', inviteRulesSchema);
export const setInviteRules = put('/api/console/invite/rules', inviteRulesSchema, inviteRulesSchema);
export const refundRules = get('/api/console/refund/rules', refundRulesSchema);
export const setRefundRules = put('/api/console/refund/rules', refundRulesSchema, refundRulesSchema);

const agreementsAnswer = z.object({
  version: agreementsVersionSchema,
  agreements: z.array(opsAgreementSchema),
});
export const agreements = get('/api/console/agreements', agreementsAnswer);
export const setAgreements = put(
  '/api/console/agreements',
  z.object({ agreements: z.array(opsAgreementSchema).min(1).max(20) }),
  agreementsAnswer,
);

// ---- Settings ----

/** WD-1: the least and the most one withdrawal may be, in the currency (baht, kip). */
const limitSchema = z
  .object({ min: amountSchema, max: amountSchema })
  .refine((l) => l.min <= l.max, { message: 'MIN_ABOVE_MAX', path: ['max'] });

/** An amount in each currency, or null where none is set. */
const amountPerCurrency = z.object(
  Object.fromEntries(CURRENCIES.map((c) => [c, amountSchema.nullable()])) as Record<
    (typeof CURRENCIES)[number],
    z.ZodNullable<typeof amountSchema>
  >,
);

export const withdrawalSettingsSchema = z.object({
  limits: z.object(
    Object.fromEntries(CURRENCIES.map((c) => [c, limitSchema])) as Record<
      (typeof CURRENCIES)[number],
      typeof limitSchema
    >,
  ),
  /** Pay through the payout provider at once; off: finance approves each withdrawal. */
  autoPayout: z.boolean(),
  /** PRO-3: withdrawals to a payout account changed less than this many hours ago wait for a person. */
  newAccountHoldHours: z.number().int().min(0).max(720),
  /**
   * Four-eyes (modules/staff/approvals.ts): a withdrawal above this amount of its currency waits for a
   * second staff member's approval; null: no second approval in that currency.
   */
  approvalAbove: amountPerCurrency,
  /**
   * Alerts (modules/alerts): a withdrawal above this amount of its currency is told to the operator's
   * group chat; null: above the second-approval amount, as before this could be set.
   */
  alertAbove: amountPerCurrency,
});
export type WithdrawalSettings = z.infer<typeof withdrawalSettingsSchema>;

/** DEP-8: a QR gateway's least deposit, whole units of the gateway's currency (kip for ONEPAY). */
const qrMinimum = z.number().int().min(1).max(AMOUNT_MAX_BAHT);
export const qrMinimumsSchema = z.object({
  minimums: z.object(
    Object.fromEntries(QR_PROVIDERS.map((p) => [p, qrMinimum])) as Record<
      (typeof QR_PROVIDERS)[number],
      typeof qrMinimum
    >,
  ),
});
export type QrMinimums = z.infer<typeof qrMinimumsSchema>;

export const SLIP_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** SLIP-2: slips on or off, the daily closed window (site time, may span midnight), the oldest transfer. */
export const slipSettingsSchema = z.object({
  enabled: z.boolean(),
  closedFrom: text().regex(SLIP_TIME_PATTERN),
  closedTo: text().regex(SLIP_TIME_PATTERN),
  maxAgeMinutes: z.number().int().min(1).max(10_080),
});
export type SlipSettings = z.infer<typeof slipSettingsSchema>;

export const withdrawalSettings = get('/api/console/settings/withdrawals', withdrawalSettingsSchema);
export const setWithdrawalSettings = put(
  '/api/console/settings/withdrawals',
  withdrawalSettingsSchema,
  withdrawalSettingsSchema,
);
export const qrMinimums = get('/api/console/settings/qr-minimums', qrMinimumsSchema);
export const setQrMinimums = put('/api/console/settings/qr-minimums', qrMinimumsSchema, qrMinimumsSchema);
export const slipSettings = get('/api/console/settings/slips', slipSettingsSchema);
export const setSlipSettings = put('/api/console/settings/slips', slipSettingsSchema, slipSettingsSchema);
