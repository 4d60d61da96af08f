// Alerts to the operator's group chat (providers/alerts: Telegram or LINE): a withdrawal above the
// threshold, a game transfer unsettled for 10 minutes, a bank line unmatched for 15, a ledger check that
// fails. Each tick first records what it finds as staff_alerts rows, claimed once by kind and subject
// (every instance's timer may find the same transfer on every tick; the unique key keeps one row), then
// sends the rows not sent yet, each claimed before its send so two instances never send one twice. A
// failed send is tried again with a growing wait. Everything runs on ctx.clock, so tests move a clock.
import { createHash } from 'node:crypto';
import { STUCK_TRANSFER_AFTER_S } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { getSetting } from '../../db/settings.ts';
import { checkLedger, ledgerIsSound } from '../../ledger/ledger.ts';
import { approvalThresholds } from '../staff/approvals.ts';
import { alertText, type AlertKind } from './texts.ts';

/** A bank line nobody matched this long is reported. */
export const UNMATCHED_LINE_AFTER_S = 15 * 60;
/** Things older than this when first seen are not reported (a new deployment does not flood the group). */
const LOOK_BACK = "interval '1 day'";
/** Sends per tick, and the attempts after which an alert is left unsent (its row says so). */
const SEND_BATCH = 20;
const MAX_ATTEMPTS = 20;
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;

/**
 * The alert's own withdrawal amounts, per currency in minor units: the setting
 * alerts.withdrawalAboveMinor ({"BAHT": minor, "LAK": minor}: whole numbers, or digit strings), which the
 * console's withdrawal settings edit. A currency without one is reported above its four-eyes threshold.
 */
export async function ownWithdrawalAlertThresholds(ctx: Ctx): Promise<Partial<Record<string, bigint>>> {
  const setting = (await getSetting<Record<string, unknown>>(ctx.db, 'alerts.withdrawalAboveMinor')) ?? {};
  return Object.fromEntries(
    Object.entries(setting).flatMap(([currency, v]) =>
      (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) ||
      (typeof v === 'string' && /^\d{1,15}$/.test(v))
        ? [[currency, BigInt(v)]]
        : [],
    ),
  );
}

/**
 * The withdrawal amount above which an alert goes out, per currency in minor units (as text, for the
 * query): the alert's own amount, else the four-eyes threshold as a withdrawal meets it
 * (staff/approvals.ts); a currency without either is never reported.
 */
async function withdrawalThresholds(ctx: Ctx): Promise<Record<string, string>> {
  const above = { ...(await approvalThresholds(ctx)), ...(await ownWithdrawalAlertThresholds(ctx)) };
  return Object.fromEntries(Object.entries(above).map(([currency, minor]) => [currency, String(minor)]));
}

const INSERT = `insert into staff_alerts (kind, subject, details, created_at, next_attempt_at)`;
const ON_CONFLICT = `on conflict (kind, subject) do nothing`;

/** Records what calls for an alert now; answers how many new alerts it found. */
export async function findAlerts(ctx: Ctx, opts: { ledgerCheck: boolean }): Promise<number> {
  const now = ctx.clock.now();
  let found = 0;
  const thresholds = await withdrawalThresholds(ctx);
  if (Object.keys(thresholds).length) {
    const rows = await ctx.db.query(
      `${INSERT}
       select 'withdrawal_large', w.public_id,
              jsonb_build_object('withdrawalId', w.public_id, 'amountMinor', w.amount::text, 'currency', m.currency,
                                 'phone', m.phone, 'status', w.status, 'at', w.created_at),
              $1, $1
       from withdrawals w join members m on m.id = w.member_id
       where w.created_at > $1::timestamptz - ${LOOK_BACK} and w.created_at <= $1
         and ($2::jsonb ->> m.currency) is not null and w.amount > ($2::jsonb ->> m.currency)::bigint
       ${ON_CONFLICT} returning id`,
      [now, JSON.stringify(thresholds)],
    );
    found += rows.length;
  }
  const stuck = await ctx.db.query(
    `${INSERT}
     select 'transfer_stuck', t.reference,
            jsonb_build_object('reference', t.reference, 'provider', t.provider, 'direction', t.direction,
                               'amountMinor', t.amount::text, 'currency', m.currency, 'phone', m.phone,
                               'at', t.created_at, 'minutes', $2::int / 60),
            $1, $1
     from game_transfers t join members m on m.id = t.member_id
     where t.status = 'PENDING' and t.created_at <= $1::timestamptz - make_interval(secs => $2)
       and t.created_at > $1::timestamptz - ${LOOK_BACK}
     ${ON_CONFLICT} returning id`,
    [now, STUCK_TRANSFER_AFTER_S],
  );
  found += stuck.length;
  const lines = await ctx.db.query(
    `${INSERT}
     select 'bank_line_unmatched', b.reference,
            jsonb_build_object('reference', b.reference, 'fromBankCode', b.from_bank_code,
                               'fromAccountNo', b.from_account_no, 'amountMinor', b.amount::text,
                               'currency', coalesce(b.currency, ''), 'at', b.received_at, 'minutes', $2::int / 60),
            $1, $1
     from bank_feed_items b
     where b.outcome = 'UNMATCHED' and b.received_at <= $1::timestamptz - make_interval(secs => $2)
       and b.received_at > $1::timestamptz - ${LOOK_BACK}
     ${ON_CONFLICT} returning id`,
    [now, UNMATCHED_LINE_AFTER_S],
  );
  found += lines.length;
  if (opts.ledgerCheck) found += await checkLedgerForAlert(ctx, now);
  return found;
}

/**
 * The ledger check (as npm run ledger:check): a failure is an alert whose subject is the failure's
 * fingerprint, so the same failure found again is not sent again and a different one is.
 */
async function checkLedgerForAlert(ctx: Ctx, now: Date): Promise<number> {
  const report = await checkLedger(ctx.db);
  if (ledgerIsSound(report)) return 0;
  const notZero = report.currencies.filter((c) => c.total !== '0').map((c) => c.currency);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([report.mismatched, report.unbalanced, report.mixed, report.negative, notZero]))
    .digest('hex')
    .slice(0, 32);
  const details = {
    mismatched: report.mismatched.length,
    unbalanced: report.unbalanced.length,
    mixed: report.mixed.length,
    negative: report.negative.length,
    notZero: notZero.join(', '),
    accounts: report.mismatched.slice(0, 5).map((m) => m.code),
    at: now.toISOString(),
  };
  const rows = await ctx.db.query(
    `${INSERT} values ('ledger_check', $1, $2, $3, $3) ${ON_CONFLICT} returning id`,
    [fingerprint, JSON.stringify(details), now],
  );
  if (rows.length) ctx.log.error({ details }, 'ledger check failed');
  return rows.length;
}

/** Sends the alerts not sent yet whose time has come; answers how many went out. */
export async function sendAlerts(ctx: Ctx): Promise<number> {
  const sender = ctx.alerts;
  if (!sender) return 0;
  const now = ctx.clock.now();
  // Claimed by moving the next attempt ahead first: another instance's tick skips them meanwhile.
  const due = await ctx.db.query<{
    id: string;
    kind: AlertKind;
    details: Record<string, unknown>;
    attempts: number;
  }>(
    `update staff_alerts a
     set attempts = a.attempts + 1,
         next_attempt_at = $1::timestamptz + make_interval(secs => least($3::float8 * power(2, a.attempts), $4::float8))
     where a.id in (select x.id from staff_alerts x
                    where x.sent_at is null and x.next_attempt_at <= $1 and x.attempts < $5
                    order by x.id limit $2 for update skip locked)
     returning a.id::text as id, a.kind, a.details, a.attempts`,
    [now, SEND_BATCH, RETRY_FIRST_MS / 1000, RETRY_MAX_MS / 1000, MAX_ATTEMPTS],
  );
  let sent = 0;
  for (const alert of due.sort((a, b) => Number(a.id) - Number(b.id))) {
    try {
      await sender.send({
        id: alert.id,
        text: alertText(alert.kind, alert.details, ctx.config.alerts.language),
      });
      await ctx.db.query('update staff_alerts set sent_at = $2 where id = $1', [alert.id, ctx.clock.now()]);
      sent++;
    } catch (err) {
      ctx.log.warn(
        { err: String(err), alert: alert.id, attempts: alert.attempts, channel: sender.channel },
        'alert not sent',
      );
    }
  }
  return sent;
}
