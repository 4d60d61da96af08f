// The withdrawal settings in the console (modules/staff/console-scope.ts): WD-1's limits per currency,
// automatic payouts, PRO-3's hold after a payout-account change, the four-eyes threshold and the alert's
// amount per currency. The admin changes them; finance (and the auditor) reads them. The limits are read
// back through withdraw_limits, the function wallet_withdraw applies them with.
import type { FastifyInstance } from 'fastify';
import {
  consoleProgrammes as api,
  CURRENCIES,
  DEFAULT_WITHDRAW_LIMITS_MINOR,
  toBaht,
  toMinor,
  type WithdrawalSettings,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { getSetting, putSetting } from '../../db/settings.ts';
import { newAccountHoldHours } from '../accounts/payout-account.ts';
import { ownWithdrawalAlertThresholds } from '../alerts/service.ts';
import { approvalThresholds } from '../staff/approvals.ts';
import { auditedChange } from '../staff/console-change.ts';
import { consoleRoutes } from '../staff/console-scope.ts';

export async function withdrawalSettings(ctx: Ctx): Promise<WithdrawalSettings> {
  const limits = {} as WithdrawalSettings['limits'];
  for (const c of CURRENCIES) {
    const [row] = await ctx.db.query<{ l: { minMinor?: number; maxMinor?: number } }>(
      'select withdraw_limits($1) as l',
      [c],
    );
    const fallback = DEFAULT_WITHDRAW_LIMITS_MINOR[c];
    limits[c] = {
      min: toBaht(BigInt(row!.l.minMinor ?? fallback.minMinor)),
      max: toBaht(BigInt(row!.l.maxMinor ?? fallback.maxMinor)),
    };
  }
  const fourEyes = await approvalThresholds(ctx);
  const alert = await ownWithdrawalAlertThresholds(ctx);
  const approvalAbove = {} as WithdrawalSettings['approvalAbove'];
  const alertAbove = {} as WithdrawalSettings['alertAbove'];
  const bahtOrNull = (minor: bigint | undefined) => (minor === undefined ? null : toBaht(minor));
  for (const c of CURRENCIES) {
    approvalAbove[c] = bahtOrNull(fourEyes[c]);
    alertAbove[c] = bahtOrNull(alert[c]);
  }
  return {
    limits,
    autoPayout: (await getSetting<boolean>(ctx.db, 'withdraw.autoPayout')) ?? true,
    newAccountHoldHours: await newAccountHoldHours(ctx),
    approvalAbove,
    alertAbove,
  };
}

async function saveWithdrawalSettings(ctx: Ctx, s: WithdrawalSettings) {
  const limits = Object.fromEntries(
    CURRENCIES.map((c) => [
      c,
      { minMinor: Number(toMinor(s.limits[c].min)), maxMinor: Number(toMinor(s.limits[c].max)) },
    ]),
  );
  // A currency without an amount is left out of the setting (no threshold, or the alert's fallback).
  const minorOf = (amounts: WithdrawalSettings['approvalAbove']) =>
    Object.fromEntries(
      CURRENCIES.flatMap((c) => {
        const amount = amounts[c];
        return amount === null ? [] : [[c, Number(toMinor(amount))]];
      }),
    );
  await ctx.db.tx(async (q) => {
    await putSetting(q, 'withdraw.limits', limits);
    await putSetting(q, 'withdraw.autoPayout', s.autoPayout);
    await putSetting(q, 'withdraw.newAccountHoldHours', s.newAccountHoldHours);
    await putSetting(q, 'console.approvalAboveMinor', minorOf(s.approvalAbove));
    await putSetting(q, 'alerts.withdrawalAboveMinor', minorOf(s.alertAbove));
  });
  return withdrawalSettings(ctx);
}

export function withdrawalSettingsConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.withdrawalSettings, 'withdrawals.read', () => withdrawalSettings(ctx));
    add(api.setWithdrawalSettings, 'settings.manage', (req, s) =>
      auditedChange(
        ctx,
        req,
        { action: 'settings.withdrawals', target: 'withdraw', before: withdrawalSettings },
        (tx) => saveWithdrawalSettings(tx, s),
      ),
    );
  });
}
