import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { drain, sweepSlips } from './verify.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Verifies the slips whose turn has come and waits for every verification under way (tests and
     * operators call it; the server sweeps by itself at start-up and every 30 s).
     */
    verifySlips: () => Promise<number>;
  }
}

const SWEEP_EVERY_MS = 30_000;

/** Resumes slips left PROCESSING (a verifier outage, a crash): once the server listens, then periodically. */
export function startSlipSweeper(app: FastifyInstance, ctx: Ctx) {
  let timer: NodeJS.Timeout | undefined;
  app.decorate('verifySlips', async () => {
    const swept = await sweepSlips(ctx);
    await drain(ctx);
    return swept;
  });
  // The timer does not wait for uploads' verifications (under steady uploads there is always one), and a
  // sweep slowed by a verifier's timeouts is not joined by another.
  let sweeping = false;
  const run = async () => {
    if (sweeping) return;
    sweeping = true;
    await sweepSlips(ctx)
      .catch((err) => app.log.error({ err }, 'slip sweep failed'))
      .finally(() => (sweeping = false));
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
