import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { purgeSlipImages } from './service.ts';
import { drain, sweepSlips } from './verify.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Verifies the slips whose turn has come and waits for every verification under way (tests and
     * operators call it; the server sweeps by itself at start-up and every 30 s).
     */
    verifySlips: () => Promise<number>;
    /** Drops the pictures kept past the retention; the sweeper does it hourly. */
    purgeSlipImages: () => Promise<number>;
  }
}

const SWEEP_EVERY_MS = 30_000;
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Resumes slips left PROCESSING (a verifier outage, a crash): once the server listens, then periodically;
 * and hourly drops the pictures kept past their retention.
 */
export function startSlipSweeper(app: FastifyInstance, ctx: Ctx) {
  let timer: NodeJS.Timeout | undefined;
  app.decorate('verifySlips', async () => {
    const swept = await sweepSlips(ctx);
    await drain(ctx);
    return swept;
  });
  // The timer does not wait for uploads' verifications (under steady uploads there is always one), and a
  // sweep slowed by a verifier's timeouts is not joined by another.
  app.decorate('purgeSlipImages', () => purgeSlipImages(ctx));
  let sweeping = false;
  let purgedAt = 0;
  const run = async () => {
    if (sweeping) return;
    sweeping = true;
    await sweepSlips(ctx)
      .catch((err) => app.log.error({ err }, 'slip sweep failed'))
      .finally(() => (sweeping = false));
    if (Date.now() - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = Date.now();
    await purgeSlipImages(ctx).catch((err) => app.log.error({ err }, 'slip picture purge failed'));
  };
  app.addHook('onListen', async () => {
    void run();
    timer = setInterval(run, SWEEP_EVERY_MS);
    timer.unref();
  });
  // Verifications still under way finish before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await drain(ctx);
  });
}
