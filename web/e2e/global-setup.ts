// Starts one real server for the browser tests: a fresh embedded database, the simulated outside world,
// and the built web app, on a free port.
import type { TestProject } from 'vitest/node';
import { startServer } from '../../scripts/lib.mjs';

let stop: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  const server = await startServer();
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
