// Starts one real server for the browser tests: a fresh embedded database, the simulated outside world,
// and the built web app, on a free port.
import type { TestProject } from 'vitest/node';
import { startServer } from '../../scripts/lib.mjs';
import { bearerCall, signedInStaff } from './staff.ts';

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
  await openSlipsAllDay(server.base);
  project.provide('baseUrl', server.base);
  project.provide('opsToken', OPS_TOKEN);
}

/**
 * The seed closes slip uploads from 23:50 to 00:10 Bangkok time (SLIP-2), and this server keeps the wall
 * clock: a run whose slip uploads fell between 16:50 and 17:10 UTC met SLIP_CLOSED. An admin opens them
 * all day, as an operator would in the console (the window itself is the server suites' to test).
 */
async function openSlipsAllDay(base: string) {
  const admin = await signedInStaff(base, OPS_TOKEN, {
    username: 'e2e.settings',
    role: 'admin',
    password: 'browser tests settings passphrase',
  });
  const slips = await bearerCall(base, admin, 'GET', '/api/console/settings/slips');
  await bearerCall(base, admin, 'PUT', '/api/console/settings/slips', {
    ...slips,
    closedFrom: '00:00',
    closedTo: '00:00',
  });
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
