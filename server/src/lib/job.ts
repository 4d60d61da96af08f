import type { FastifyBaseLogger } from 'fastify';

/**
 * A piece of the server's background work: started once the server listens, stopped when it closes
 * (server/src/jobs.ts registers them). stop lets work in flight finish before the database closes.
 */
export interface Job {
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * A job that does `work` every `everyMs` (and once as it starts, with `atStart`). A run still under way
 * when the next is due is not joined by another (a slow store or messenger does not pile runs up); a
 * failed run is logged as `failed` and the next runs as usual; stop waits for the run under way.
 */
export function everyJob(opts: {
  work: () => Promise<unknown>;
  everyMs: number;
  atStart: boolean;
  log: FastifyBaseLogger;
  failed: string;
}): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = opts
      .work()
      .catch((err) => opts.log.error({ err }, opts.failed))
      .finally(() => (running = undefined));
  };
  return {
    async start() {
      if (opts.atStart) run();
      timer = setInterval(run, opts.everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
