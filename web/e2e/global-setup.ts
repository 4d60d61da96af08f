// Starts one real server for the browser tests: a fresh embedded database, the simulated outside world,
// and the built web app, on a free port.
import type { TestProject } from 'vitest/node';
import { startServer } from '../../scripts/lib.mjs';

let stop: (() => Promise<void>) | undefined;

/** The operator's token of the shared server: tests arrange what an operator would (browser.ts opsCall). */
export const OPS_TOKEN = 'browser-tests-operator-token';

export async function setup(project: TestProject) {
  // Every simulated member browses from 127.0.0.1, so the per-address API limit is lifted here.
  const server = await startServer({
    RATE_LIMIT_PER_MIN: '100000',
    REALTIME_HANDSHAKES_PER_MIN: '100000',
    OPS_TOKEN,
  });
  stop = server.stop;
  project.provide('baseUrl', server.base);
  project.provide('opsToken', OPS_TOKEN);
}

export async function teardown() {
  await stop?.();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    opsToken: string;
  }
}
