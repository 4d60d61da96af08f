// The server's background work, each job started once the server listens and stopped when it closes:
// the reconcilers of payouts, gift vouchers and game transfers, the bet feed, the slip sweeper, the
// chat file sweeper, the operator's alerts and the session sweeper. Each job's start is its own onListen
// hook and its stop its own onClose hook, so they start in this order and stop in the reverse (Fastify
// runs onClose hooks last registered first), after the routes and before the web is served. Their
// decorations (app.reconcilePayouts, app.pullBets, app.verifySlips, ...) exist from the build on: tests
// and operators call them without listening.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context.ts';
import { sweepExpiredSessions } from './http/sessions.ts';
import { everyJob, type Job } from './lib/job.ts';
import { alertsJob } from './modules/alerts/job.ts';
import { chatFileSweeperJob, type ChatFilesCtx } from './modules/chat/file-sweeper.ts';
import { reconcileVoucherClaims } from './modules/deposits/truewallet.ts';
import { betFeedJob } from './modules/games/bets.ts';
import { reconcileTransfers } from './modules/games/transfers.ts';
import { slipSweeperJob } from './modules/slips/sweeper.ts';
import { reconcilePayouts } from './modules/withdrawals/service.ts';

/** How often game transfers due for a look (their backoff has passed) are asked about. */
const TRANSFER_RECONCILE_EVERY_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles payouts whose outcome is unknown (start-up runs it; tests and operators may too). */
    reconcilePayouts: () => Promise<number>;
    /** Redeems again gift vouchers whose answer was lost (start-up and the same timer run it). */
    reconcileVouchers: () => Promise<number>;
    /** Settles game transfers whose outcome is unknown, each when its backoff says (the same timer). */
    reconcileTransfers: () => Promise<number>;
    /** Deletes the member and staff sessions past their expiry; the session sweeper does it hourly. */
    sweepSessions: () => Promise<{ members: number; staff: number }>;
  }
}

export function registerJobs(app: FastifyInstance, ctx: Ctx, chat: Pick<ChatFilesCtx, 'chatFiles'>) {
  const jobs = [
    reconcilerJob(app, ctx),
    betFeedJob(app, ctx),
    slipSweeperJob(app, ctx),
    chatFileSweeperJob(app, { ...ctx, ...chat }),
    alertsJob(app, ctx),
    sessionSweeperJob(app, ctx),
  ];
  for (const job of jobs) {
    if (!job) continue; // switched off by the configuration
    app.addHook('onListen', job.start);
    app.addHook('onClose', job.stop);
  }
}

/**
 * Settles payouts and gift vouchers left with an unknown outcome: once the server listens, then every
 * RECONCILE_EVERY_S. Game transfers carry their own backoff (next_check_at), so they are looked at more
 * often.
 */
function reconcilerJob(app: FastifyInstance, ctx: Ctx): Job {
  app.decorate('reconcilePayouts', () => reconcilePayouts(ctx, ctx.config.reconcileAfterS * 1000));
  app.decorate('reconcileVouchers', () => reconcileVoucherClaims(ctx));
  app.decorate('reconcileTransfers', () => reconcileTransfers(ctx));
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    Promise.all([
      app.reconcilePayouts().catch((err) => app.log.error({ err }, 'payout reconciliation failed')),
      app.reconcileVouchers().catch((err) => app.log.error({ err }, 'voucher reconciliation failed')),
    ]);
  let transfersTimer: NodeJS.Timeout | undefined;
  let transfersRunning = false;
  const runTransfers = async () => {
    if (transfersRunning) return; // a run waiting on slow providers is not overlapped by the next
    transfersRunning = true;
    await app
      .reconcileTransfers()
      .catch((err) => app.log.error({ err }, 'transfer reconciliation failed'))
      .finally(() => (transfersRunning = false));
  };
  return {
    async start() {
      void run();
      void runTransfers();
      timer = setInterval(run, ctx.config.reconcileEveryS * 1000);
      timer.unref();
      transfersTimer = setInterval(runTransfers, TRANSFER_RECONCILE_EVERY_MS);
      transfersTimer.unref();
    },
    async stop() {
      clearInterval(timer);
      clearInterval(transfersTimer);
    },
  };
}

const SESSION_SWEEP_EVERY_MS = 60 * 60_000;

/** Hourly, from once the server listens: deletes the expired sessions of members and staff. */
function sessionSweeperJob(app: FastifyInstance, ctx: Ctx): Job {
  app.decorate('sweepSessions', async () => {
    const now = ctx.clock.now();
    return {
      members: await sweepExpiredSessions(ctx.db, 'sessions', now),
      staff: await sweepExpiredSessions(ctx.db, 'staff_sessions', now),
    };
  });
  return everyJob({
    work: () => app.sweepSessions(),
    everyMs: SESSION_SWEEP_EVERY_MS,
    atStart: true,
    log: app.log,
    failed: 'session sweep failed',
  });
}
