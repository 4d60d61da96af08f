// Starts one real server for the browser tests: a fresh embedded database, the simulated outside world,
// and the built web app, on a free port.
import type { TestProject } from 'vitest/node';
import { startServer } from '../../scripts/lib.mjs';

let stop: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  // Every simulated member browses from 127.0.0.1, so the per-address API limit is lifted here.
  const server = await startServer({ RATE_LIMIT_PER_MIN: '100000' });
  stop = server.stop;
  project.provide('baseUrl', server.base);
}

export async function teardown() {
  await stop?.();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
