// The operator console's dashboard (GET /api/console/dashboard?from=&to=): a range of Bangkok days, per
// currency. Cash flow (deposits in, payouts out) and bonus cost come from the ledger's journal entries,
// GGR (bets minus wins) from the bet feed's rounds: the two are different money and are shown apart.
import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { endpoint, text } from './common.ts';

/** The longest range the dashboard sums at once, in days (both ends included). */
export const DASHBOARD_MAX_DAYS = 92;
/** A day in Bangkok time (UTC+7, which Laos shares), as the query names it. */
export const DASHBOARD_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const amount = z.number();
const count = z.number().int();

const channelSumSchema = z.object({ channel: text(), count, amount });

export const dashboardHourSchema = z.object({
  /** The hour of the day in Bangkok time, 0 to 23, summed over every day of the range. */
  hour: z.number().int().min(0).max(23),
  deposits: amount,
  withdrawals: amount,
  ggr: amount,
});

export const dashboardCurrencySchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Credited deposits by channel (BANK, SLIP, QR, TRUEWALLET), from the ledger. */
  deposits: z.object({ total: amount, count, byChannel: z.array(channelSumSchema) }),
  /** Paid withdrawals by the member's bank, from the ledger. */
  withdrawals: z.object({ total: amount, count, byChannel: z.array(channelSumSchema) }),
  /** Deposits minus paid withdrawals. */
  netCashFlow: amount,
  /** Gross gaming revenue from the bet feed: bets minus wins, the house's side; by provider. */
  ggr: z.object({
    bets: amount,
    wins: amount,
    ggr: amount,
    rounds: count,
    byProvider: z.array(
      z.object({ provider: text(), bets: amount, wins: amount, ggr: amount, rounds: count }),
    ),
  }),
  /** Rewards credited (bonus, promotion, invite, refund, spin): money the house gave, from the ledger. */
  bonusCost: z.object({ total: amount, byKind: z.array(z.object({ kind: text(), count, amount })) }),
  /** Staff adjustments (four-eyes credits minus debits), from the ledger. */
  adjustments: amount,
  /** Members with a journal entry or a round in the range. */
  activeMembers: count,
  /** Members registered in the range. */
  newMembers: count,
  hours: z.array(dashboardHourSchema),
});
export type DashboardCurrency = z.infer<typeof dashboardCurrencySchema>;

export const dashboardSchema = z.object({
  from: text(),
  to: text(),
  timeZone: text(),
  at: text(),
  currencies: z.array(dashboardCurrencySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Query: `from` and `to`, Bangkok days (YYYY-MM-DD, both included); today when left out. */
export const dashboard = endpoint({
  method: 'GET',
  path: '/api/console/dashboard',
  body: undefined,
  response: dashboardSchema,
  auth: false,
});
