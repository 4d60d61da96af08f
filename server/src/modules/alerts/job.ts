// The alerts' timer (jobs.ts registers it): every ALERTS_EVERY_MS it records what calls for an alert and
// sends what is due (service.ts); the ledger check, which reads every posting, only every
// LEDGER_CHECK_EVERY_MS of the clock. app.alertsTick runs one tick: tests call it after moving their clock.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { everyJob, type Job } from '../../lib/job.ts';
import { findAlerts, sendAlerts } from './service.ts';

export const LEDGER_CHECK_EVERY_MS = 15 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** One tick of the alerts: what it found and what it sent. */
    alertsTick: () => Promise<{ found: number; sent: number }>;
  }
}

/** The tick's logic on the context's clock: the ledger check when its interval has passed since the last. */
export function alertsTicker(ctx: Ctx) {
  let lastLedgerCheck = -Infinity;
  return async () => {
    if (!ctx.alerts) return { found: 0, sent: 0 };
    const now = ctx.clock.now().getTime();
    const ledgerCheck = now - lastLedgerCheck >= LEDGER_CHECK_EVERY_MS;
    if (ledgerCheck) lastLedgerCheck = now;
    const found = await findAlerts(ctx, { ledgerCheck });
    const sent = await sendAlerts(ctx);
    return { found, sent };
  };
}

export function alertsJob(app: FastifyInstance, ctx: Ctx): Job | undefined {
  const tick = alertsTicker(ctx);
  app.decorate('alertsTick', tick);
  if (!ctx.alerts || !ctx.config.alerts.everyMs) return undefined;
  // The first tick comes an interval after the start.
  return everyJob({
    work: tick,
    everyMs: ctx.config.alerts.everyMs,
    atStart: false,
    log: app.log,
    failed: 'alerts tick failed',
  });
}
