import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import type { Job } from '../../lib/job.ts';
import { moveRowPictures, purgeSlipImages } from './pictures.ts';
import { qrReadsFinished, startQrWorkers } from './read-qr.ts';
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
    /** Moves pictures still kept in rows (before migration 011) to the file store; done at start-up. */
    moveSlipPictures: () => Promise<number>;
  }
}

const SWEEP_EVERY_MS = 30_000;
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Resumes slips left PROCESSING (a verifier outage, a crash): once the server listens, then periodically;
 * hourly drops the pictures kept past their retention; and at start-up moves the pictures older servers
 * kept in rows to the file store.
 */
export function slipSweeperJob(app: FastifyInstance, ctx: Ctx): Job {
  let timer: NodeJS.Timeout | undefined;
  ctx.metrics.countQrReads(qrReadsFinished);
  app.decorate('verifySlips', async () => {
    const swept = await sweepSlips(ctx);
    await drain(ctx);
    return swept;
  });
  // The timer does not wait for uploads' verifications (under steady uploads there is always one), and a
  // sweep slowed by a verifier's timeouts is not joined by another.
  app.decorate('purgeSlipImages', () => purgeSlipImages(ctx));
  app.decorate('moveSlipPictures', () => moveRowPictures(ctx));
  let moving: Promise<unknown> = Promise.resolve();
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
  return {
    async start() {
      startQrWorkers();
      moving = moveRowPictures(ctx).catch((err) =>
        app.log.error({ err }, 'moving slip pictures out of rows failed'),
      );
      void run();
      timer = setInterval(run, SWEEP_EVERY_MS);
      timer.unref();
    },
    // Verifications still under way finish before the database closes.
    async stop() {
      clearInterval(timer);
      await moving;
      await drain(ctx);
    },
  };
}
