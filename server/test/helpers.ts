// Builds the real app on a fresh database for one test file: embedded PGlite in memory, or, when
// TEST_DATABASE_URL is set, a database of its own on that PostgreSQL (dropped afterwards). Either starts
// migrated and seeded, from the run's dump or template (global-setup.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import {
  isErrorCode,
  NO_PROTECTION_LIMITS,
  type ProtectionLimits,
  type RegistrationInput,
} from '@krapao/contract';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { manualClock } from '../src/lib/clock.ts';
import { adminQuery, databaseUrlOf, TEST_SHARED_BUFFERS } from './global-setup.ts';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** On PostgreSQL, the address of the app's own database (another instance of the app connects there). */
  databaseUrl: string | undefined;
  /** The app's REDIS_PREFIX: another instance of its deployment shares it, and no other test's app. */
  redisPrefix: string;
  clock: ReturnType<typeof manualClock>;
  faults: { smsDown: boolean };
  close(): Promise<void>;
}

export async function makeApp(
  env: Record<string, string> = {},
  opts: {
    extend?: (app: FastifyInstance) => void;
    deps?: Partial<AppDeps>;
    /** On PostgreSQL: the app reaches its database through this host and port (a proxy the test can cut). */
    through?: { host: string; port: number };
  } = {},
): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  const region = env.REGION === 'la' ? 'la' : 'th';
  // The database starts migrated and seeded from the run's template or dump (global-setup.ts); migrate
  // still runs and finds nothing to do.
  const database = url ? await databaseFromTemplate(url, region) : undefined;
  const databaseUrl = database && databaseUrlOf(url!, database);
  const dumpFile = url ? undefined : inject('pgliteDumps')[region];
  if (!url && !dumpFile) throw new Error(`no PGlite dump for ${region} (global-setup.ts)`);
  const pgliteDump = dumpFile ? dumpOf(dumpFile) : undefined;
  const db = await connect({
    databaseUrl: databaseUrl && opts.through ? throughProxy(databaseUrl, opts.through) : databaseUrl,
    pgliteDump,
    pgliteSharedBuffers: TEST_SHARED_BUFFERS,
  });
  await migrate(db);
  const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
  const faults = { smsDown: false };
  // Slip pictures go to a folder of the test's own, removed afterwards.
  const slipDir = mkdtempSync(join(tmpdir(), 'krapao-slips-'));
  const deps: AppDeps = {
    // Polling tests make hundreds of calls a minute from one address, and realtime tests many handshakes:
    // the limits are tested on their own.
    config: loadConfig({
      SIMULATE: '1',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MIN: '100000',
      REALTIME_HANDSHAKES_PER_MIN: '100000',
      SLIP_STORAGE_DIR: slipDir,
      // Apps of several test files share one Redis: each counts and broadcasts apart.
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      ...env,
    }),
    db,
    clock,
    logger: false,
    simFaults: { smsDown: () => faults.smsDown },
    ...opts.deps,
  };
  const app = await buildApp(deps);
  opts.extend?.(app);
  // The simulated outside world is reached over real HTTP, so the app listens on a free port.
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db,
    databaseUrl,
    redisPrefix: deps.config.redisPrefix,
    clock,
    faults,
    async close() {
      await app.close();
      await db.close();
      rmSync(slipDir, { recursive: true, force: true });
      // Forced: another instance a test connected to the database may still hold a connection.
      if (url && database) await adminQuery(url, `drop database ${database} with (force)`);
    },
  };
}

/** A new database on the PostgreSQL at `url`, a copy of the run's template for `region`; its name. */
async function databaseFromTemplate(url: string, region: 'th' | 'la'): Promise<string> {
  const template = inject('pgTemplates')[region];
  if (!template) throw new Error(`no template database for ${region} (global-setup.ts)`);
  const database = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${database} template ${template}`);
  return database;
}

function throughProxy(databaseUrl: string, proxy: { host: string; port: number }): string {
  const u = new URL(databaseUrl);
  u.hostname = proxy.host;
  u.port = String(proxy.port);
  return u.href;
}

/**
 * A dump that PGlite reads without copying. PGlite reads it with arrayBuffer() and copies each file out
 * of it (its untar slices), so every database of a worker can start from one buffer; Node's own
 * arrayBuffer() streams and joins the dump's 44 MB again for each. Still a whole Blob of the same bytes
 * for any other reader.
 */
class DumpBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** Each dump file read once per worker: a worker's test files share this module (vitest.config.ts). */
const dumps = new Map<string, DumpBlob>();
function dumpOf(file: string): DumpBlob {
  let dump = dumps.get(file);
  if (!dump) dumps.set(file, (dump = new DumpBlob(new Uint8Array(readFileSync(file)).buffer)));
  return dump;
}

/**
 * One app for the whole test file: built before its tests, closed after them. The handle's fields are
 * there once the tests run.
 */
export function useTestApp(...args: Parameters<typeof makeApp>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await makeApp(...args));
  });
  afterAll(() => t.close());
  return t;
}

export interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string };
}

export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    headers: {
      'x-requested-with': 'wallet-user',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {} };
}

/** Asserts a refusal: the status and the code, and that the code is in the contract's catalogue. */
export function expectError(answer: Answer, status: number, code: string) {
  expect(answer.body).toEqual({ message: code });
  expect(answer.status).toBe(status);
  expect(isErrorCode(answer.body.message)).toBe(true);
}

let phoneSeq = 0;
/** A 10-digit phone no other test of the file uses. */
export const freshPhone = () => `09${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;
let accountSeq = 0;
export const freshAccountNo = () => String(5_000_000_000 + ++accountSeq * 104_729);

export function registration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    name: 'Test Member',
    username: freshPhone(),
    password: 'correct horse 1',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'KBANK',
    bankAccountName: 'TEST MEMBER',
    bankAccountNo: freshAccountNo(),
    ...overrides,
  };
}

let addressSeq = 0;
/**
 * A new member's own address (198.18.0.0/15, set aside for tests): the per-address OTP limit counts the
 * sends of one address, and a test file registers more members than one person could.
 */
const memberAddress = () => {
  addressSeq++;
  return `198.18.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

/** Sends and verifies an OTP for the phone, from the member's own address; answers the send result. */
export async function verifyPhone(app: FastifyInstance, phone: string) {
  const sent = await call(app, 'POST', '/api/otp/send', {
    body: { phoneNumber: phone },
    remoteAddress: memberAddress(),
  });
  expect(sent.status).toBe(200);
  const verified = await call(app, 'POST', '/api/otp/verify', {
    body: { otpToken: sent.body.otpToken, otpCode: sent.body.code },
  });
  expect(verified.body).toEqual({ message: 'OTP_CODE_VALID' });
  return sent.body as { otpToken: string; otpRef: string; code: string };
}

/** Registers a member the way the wizard does (OTP, then the account) and logs in. */
export async function registerAndLogin(app: FastifyInstance, overrides: Partial<RegistrationInput> = {}) {
  const reg = registration(overrides);
  await verifyPhone(app, reg.username);
  const created = await call(app, 'POST', '/api/account', { body: reg });
  expect(created.status).toBe(200);
  const token = await login(app, reg.username, reg.password);
  return { reg, token, id: created.body._id as string };
}

export async function login(app: FastifyInstance, username: string, password: string, isRemember = false) {
  const res = await call(app, 'POST', '/api/login', { body: { username, password, isRemember } });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** The app's own address, for talking to the simulated outside world over HTTP. */
export const baseUrl = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** A member sends money from their registered account to the operator's KBANK account (the simulated bank). */
/** A transfer as the simulated bank answers it (POST /sim/bank/transfers). */
export interface SimTransfer {
  reference: string;
  transRef: string;
  sendingBank: string;
  currency: string;
  amount: number;
  slipUrl: string;
  feed: { results: Array<{ outcome: string }> } | null;
}

/** A call to the simulated bank's API: GET without a body, POST with one. */
export async function simBank(
  app: FastifyInstance,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl(app)}/sim/bank${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** The operator's seeded accounts members transfer to: KBANK in baht, and in a Laos build BCEL in kip. */
export const THAI_HOUSE_ACCOUNT = '0481234567';
export const BCEL_HOUSE_ACCOUNT = '0101000123456';

/**
 * A transfer at the simulated bank from the member's account (baht from a Thai bank, kip from a Lao one)
 * into the operator's account `to`; the bank reports it on the feed.
 */
export async function bankTransfer(
  app: FastifyInstance,
  from: { bankCode: string; bankAccountNo: string },
  amount: number,
  reference?: string,
  to = THAI_HOUSE_ACCOUNT,
) {
  const res = await fetch(`${baseUrl(app)}/sim/bank/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fromBankCode: from.bankCode,
      fromAccountNo: from.bankAccountNo,
      toAccountNo: to,
      amount,
      ...(reference ? { reference } : {}),
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { reference: string; feed: { results: Array<{ outcome: string }> } };
}

export async function setPayoutMode(app: FastifyInstance, payoutMode: 'pay' | 'fail' | 'timeout') {
  await fetch(`${baseUrl(app)}/sim/bank/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payoutMode }),
  });
}

export async function walletAmount(app: FastifyInstance, token: string): Promise<number> {
  const res = await call(app, 'GET', '/api/wallet', { token });
  expect(res.status).toBe(200);
  return (res.body.wallet as { amount: number }).amount;
}

let keySeq = 0;
export const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

/** WD-2: the member asks to withdraw, under a new idempotency key (or `key`, to send one again). */
export const withdraw = (app: FastifyInstance, token: string, amount: number, key = newKey()) =>
  call(app, 'POST', '/api/wallet/withdraw', { token, body: { amount }, headers: { 'idempotency-key': key } });

/**
 * The member sets their own limits (those given; none of the others: PUT /api/protection/limits takes the
 * whole set), as /user/limits does.
 */
export const setOwnLimits = (app: FastifyInstance, token: string, limits: Partial<ProtectionLimits>) =>
  call(app, 'PUT', '/api/protection/limits', { token, body: { ...NO_PROTECTION_LIMITS, ...limits } });

/** A withdrawal's status as the database holds it (undefined when there is none). */
export async function withdrawalStatus(db: Db, publicId: string): Promise<string | undefined> {
  const [row] = await db.query<{ status: string }>('select status from withdrawals where public_id = $1', [
    publicId,
  ]);
  return row?.status;
}

/**
 * The ledger agrees with itself: every balance is the sum of its postings, entries sum to zero, and each
 * currency's postings sum to zero on their own (no entry mixes currencies).
 */
export async function expectLedgerSound(db: Db) {
  const { checkLedger } = await import('../src/ledger/ledger.ts');
  const report = await checkLedger(db);
  expect(report.mismatched).toEqual([]);
  expect(report.unbalanced).toEqual([]);
  expect(report.mixed).toEqual([]);
  expect(report.negative).toEqual([]);
  for (const c of report.currencies)
    expect({ currency: c.currency, total: c.total }).toEqual({ currency: c.currency, total: '0' });
}

/**
 * Waits until a condition holds (a payout settles after the answer), and answers as soon as it does. The
 * limit only ends a wait for what never comes: generous, since on a busy 2-core machine (CI runs the
 * browser tests beside these) a few hundred ms of work can take seconds by the clock.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
