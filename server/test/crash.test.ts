// The server is killed with SIGKILL in the middle of a burst of deposits (bank transfers, QR payments),
// withdrawals, transfers into and out of a game and spins of the demo game, then started again. The simulated outside world runs in this test process, so it
// outlives the server as the real one would: it keeps what the bank and gateways did, and redelivers
// the callbacks the dead server never answered. Afterwards the ledger must be sound and every member's
// wallet plus its game account at the provider must equal what the outside world says: money in, less
// payouts made, plus what the spins won less what they bet. Every transfer in flight at the kill is
// settled by the reconciler (none left pending), every round is counted once, and the ledger's game
// account holds what the provider holds. Withdrawals and bank-feed lines go in batches (issue 22): every
// withdrawal answered before the kill is there once, and no movement exists without its ledger entry.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/seed.ts';
import { checkLedger } from '../src/ledger/ledger.ts';
import { systemClock } from '../src/lib/clock.ts';
import { hashPassword } from '../src/modules/accounts/passwords.ts';
import { simWorld } from '../src/sim/world.ts';
import { httpGames } from '../src/providers/games/http-games.ts';
import { onPostgres } from './helpers.ts';
import { pageData } from './games-play.ts';
import { initPgliteDataDir, listeningChild } from '../../scripts/lib.mjs';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const MEMBERS = 5;
const PASSWORD = 'crash-test-password';
const SERVER_ROOT = resolve(import.meta.dirname, '..');
const secrets = {
  BANK_FEED_SECRET: randomBytes(24).toString('hex'),
  QR_GATEWAY_SECRET: randomBytes(24).toString('hex'),
  APP_SECRET: randomBytes(32).toString('hex'),
  GAMES_SECRET: randomBytes(24).toString('hex'),
};

interface Member {
  id: string;
  phone: string;
  accountNo: string;
  token?: string;
  /** The demo game's play session at PG, opened before the burst (it lives at the provider). */
  session?: string;
}

let world: FastifyInstance;
let worldUrl: string;
/**
 * The server's address for the members and the simulated world: a proxy this process holds for the whole
 * test, in front of the port each start of the server takes. A port kept only by its number would be free
 * while the server is down, and another process could take it (as any local port) before the restart.
 */
let front: TcpProxy;
const upstream = { host: '127.0.0.1', port: 0 };
let env: Record<string, string>;
let dataDir: string | undefined;
let schema: string | undefined;
let server: ChildProcess | undefined;
const members: Member[] = [];

const krapao = () => `http://127.0.0.1:${front.port}`;

async function openDb(): Promise<Db> {
  return connect({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir, schema });
}

async function startServer(): Promise<void> {
  // Until this start is known to be the server, nothing goes through the front (cut: refused at once).
  front.cut();
  // On a port found free, counted up once it is the one listening there (another after EADDRINUSE).
  const started = await listeningChild({
    what: 'the server',
    args: ['--import', 'tsx', 'src/main.ts'],
    cwd: SERVER_ROOT,
    // The address the server gives the gateways for their callbacks is the front's, as behind a proxy.
    env: (port) => ({ ...env, PORT: String(port), PUBLIC_URL: krapao() }),
    probe: '/api/lookup/active',
    // A hang detector: beside the browser tests on a loaded machine a start took more than 30 s.
    timeoutMs: 90_000,
    onStderr: (d) => process.stderr.write(d),
  });
  server = started.child;
  upstream.port = started.port;
  front.restore();
}

async function api(path: string, init: { token?: string; body?: unknown; key?: boolean } = {}) {
  const res = await fetch(`${krapao()}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'wallet-user',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.key ? { 'idempotency-key': `crash-${randomBytes(8).toString('hex')}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function sim<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${worldUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as T;
}

const transfer = (m: Member, amount: number) =>
  sim('/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: m.accountNo,
    toAccountNo: '0481234567',
    amount,
  });

async function qrDeposit(m: Member, amount: number) {
  const made = await api('/api/qrcode/WW', { token: m.token, body: { amount }, key: true });
  if (made.body.hasQrcode) await sim('/gateway/scan', { payload: made.body.payload });
}

/** Withdrawals the member's statement still shows in progress. */
async function pendingWithdrawals(m: Member): Promise<number> {
  let pending = 0;
  for (let page = 1; ; page++) {
    const res = await api('/api/statement', { token: m.token, body: { page, limit: 50 } });
    const rows = (res.body.statements ?? []) as Array<{ statementType: string; status: string }>;
    pending += rows.filter((r) => r.statementType === 'withdraw' && r.status === 'PENDING').length;
    if (rows.length < 50) return pending;
  }
}

const withdraw = (m: Member, amount: number) =>
  api('/api/wallet/withdraw', { token: m.token, body: { amount }, key: true });

const gameTransfer = (m: Member, from: string, to: string, amount: number) =>
  api('/api/wallet/transfer', { token: m.token, body: { from, to, amount }, key: true });

/** A spin of the demo game at the provider, which does not care whether Krapao is up. */
const spin = (m: Member) =>
  fetch(`${worldUrl}/games/sessions/${m.session}/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bet: '5.00' }),
  });

/** Transfers between a wallet and a game not settled yet, as members see them. */
async function pendingTransfers(m: Member): Promise<number> {
  const res = await api('/api/wallet', { token: m.token });
  return Number(res.body.pendingTransfers ?? 0);
}

beforeAll(async () => {
  front = await startTcpProxy(upstream);
  if (onPostgres) schema = `crash_${randomBytes(6).toString('hex')}`;
  else {
    dataDir = mkdtempSync(join(tmpdir(), 'krapao-crash-'));
    await initPgliteDataDir(dataDir);
  }
  if (schema) {
    const admin = await connect({ databaseUrl: process.env.TEST_DATABASE_URL });
    await admin.exec(`create schema ${schema}`);
    await admin.close();
  }
  const db = await openDb();
  await migrate(db);
  await seed(db, { demoMember: false });
  const passwordHash = await hashPassword(PASSWORD);
  for (let i = 0; i < MEMBERS; i++) {
    const phone = `08${String(70_000_000 + i).padStart(8, '0')}`;
    const accountNo = String(7_000_000_000 + i * 7_919);
    const [row] = await db.query<{ id: string }>(
      `insert into members (public_id, phone, name, password_hash, bank_code, bank_account_name, bank_account_no, currency)
       values ($1, $2, 'Crash Test', $3, 'KBANK', 'CRASH TEST', $4, 'BAHT') returning id`,
      [`CR${i}`, phone, passwordHash, accountNo],
    );
    members.push({ id: String(row!.id), phone, accountNo });
  }
  await db.close();

  world = Fastify({ logger: false });
  await world.register(simWorld, {
    prefix: '/sim',
    krapaoUrl: krapao,
    bankFeedSecret: secrets.BANK_FEED_SECRET,
    qrGatewaySecret: secrets.QR_GATEWAY_SECRET,
    gamesSecret: secrets.GAMES_SECRET,
    clock: systemClock,
  });
  await world.listen({ port: 0, host: '127.0.0.1' });
  worldUrl = `http://127.0.0.1:${(world.server.address() as { port: number }).port}/sim`;

  env = {
    ...secrets,
    HOST: '127.0.0.1',
    SIMULATE: '1',
    SIM_URL: worldUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MIN: '100000',
    RECONCILE_EVERY_S: '1',
    RECONCILE_AFTER_S: '0',
    // A game transfer the server never saw answered is looked at 2 s + 5 s after it began.
    GAME_CALL_TIMEOUT_MS: '2000',
    BET_FEED_EVERY_MS: '500',
    REDIS_URL: '',
    // Issue 22: withdrawals and bank-feed lines go in batches (each member sends two withdrawals at once),
    // two or more a batch (by default fewer than four go as their single calls).
    MONEY_BATCH: '1',
    MONEY_BATCH_MIN: '2',
    ...(onPostgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema! } : {}),
    ...(dataDir ? { DATABASE_URL: '', DATA_DIR: dataDir } : {}),
  };
  await startServer();
  for (const m of members) {
    const res = await api('/api/login', {
      body: { username: m.phone, password: PASSWORD, isRemember: false },
    });
    m.token = res.body.token as string;
  }
}, 180_000);

/** Each member opens an account at PG, puts money there and opens the demo game. */
async function openGames() {
  for (const m of members) {
    expect((await api('/api/wallet/activate/PG', { token: m.token })).status).toBe(200);
    expect((await gameTransfer(m, 'WALLET', 'PG', 300)).body.status).toBe('SUCCESS');
    const account = await api('/api/wallet/account/PG', { token: m.token });
    const launch = await api(`/api/autoLogin/PG/${account.body.username as string}`, { token: m.token });
    m.session = pageData(await (await fetch(launch.body.link as string)).text())!.session;
  }
}

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await world?.close();
  await front?.close();
  if (schema) {
    const admin = await connect({ databaseUrl: process.env.TEST_DATABASE_URL });
    await admin.exec(`drop schema ${schema} cascade`);
    await admin.close();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Polls until `ok` holds or the time is up; answers the last value. */
async function settle<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a crash in the middle of a burst', () => {
  it('after SIGKILL and a restart the ledger is sound and every wallet matches the outside world', async () => {
    // Starting money, so withdrawals have something to take.
    for (const m of members) await transfer(m, 1_000);
    await settle(
      async () =>
        (await Promise.all(members.map((m) => api('/api/wallet', { token: m.token })))).map(
          (w) => (w.body.wallet as { amount: number }).amount,
        ),
      (amounts) => amounts.every((a) => a >= 1_000),
    );
    await openGames();

    // The burst: each member deposits and withdraws as fast as it can; the server dies part-way.
    let stop = false;
    // Withdrawals answered 200 before the kill: each must be there once after the restart.
    const answered: string[] = [];
    const withdrawTwice = (m: Member) =>
      Promise.all(
        [0, 1].map(() =>
          withdraw(m, 100).then((r) => {
            if (r.status === 200) answered.push(r.body.withdrawalId as string);
          }),
        ),
      );
    // Operations each member finished: the kill waits until every member has done two whole rounds of the
    // six (two transfers out among them, however slow the machine), so the crash falls among all of them.
    const done = members.map(() => 0);
    const burst = members.map(async (m, i) => {
      for (let n = 0; !stop; n++, done[i]!++) {
        const op = (n + i) % 6;
        await (
          op === 0
            ? transfer(m, 10 + n)
            : op === 1
              ? qrDeposit(m, 100 + n)
              : op === 2
                ? withdrawTwice(m)
                : op === 3
                  ? gameTransfer(m, 'WALLET', 'PG', 50)
                  : op === 4
                    ? gameTransfer(m, 'PG', 'WALLET', 30)
                    : spin(m)
        ).catch(() => undefined);
      }
    });
    await new Promise((r) => setTimeout(r, 1_500));
    for (const giveUp = Date.now() + 20_000; done.some((d) => d < 12) && Date.now() < giveUp;)
      await new Promise((r) => setTimeout(r, 50));
    server!.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(burst);

    await startServer();

    // Wait until every callback got through and every withdrawal settled, as members see it.
    const outstanding = async () => {
      const transfers = await sim<Array<{ delivered?: boolean }>>('/bank/transfers');
      const qrs = await sim<Array<{ status: string; delivered?: boolean }>>('/gateway/qrcodes');
      let pending = 0;
      for (const m of members) pending += await pendingWithdrawals(m);
      for (const m of members) pending += await pendingTransfers(m);
      return (
        transfers.filter((t) => !t.delivered).length +
        qrs.filter((q) => q.status === 'PAID' && !q.delivered).length +
        pending
      );
    };
    expect(await settle(outstanding, (n) => n === 0, 60_000)).toBe(0);
    // The bet feed (pulled every 500 ms) has caught up when a pull begun after the last transfer settled
    // found nothing new; the pull after that one shows it also posted the rounds that waited for their
    // transfer (bets.ts), whatever the time the machine took.
    const caughtUp = async () => (await sim<Record<string, { caughtUpAsks: number }>>('/games/feed')).PG!;
    const settledAt = (await caughtUp()).caughtUpAsks;
    expect(
      (await settle(caughtUp, (f) => f.caughtUpAsks >= settledAt + 2, 60_000)).caughtUpAsks,
    ).toBeGreaterThan(settledAt + 1);
    const wallets = new Map<string, number>();
    for (const m of members) {
      const wallet = await api('/api/wallet', { token: m.token });
      wallets.set(m.id, Math.round((wallet.body.wallet as { amount: number }).amount * 100));
    }
    // The embedded database has one user at a time: stop the server before reading it here.
    server!.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));

    const transfers = await sim<Array<{ fromAccountNo: string; amount: number }>>('/bank/transfers');
    const qrs =
      await sim<Array<{ orderId: string; status: string; amountMinor: string }>>('/gateway/qrcodes');
    const payouts = await sim<Record<string, { status: string; amountMinor: string }>>('/bank/payouts');
    const gameAccounts =
      await sim<Array<{ provider: string; username: string; balanceMinor: string }>>('/games/accounts');
    const feed = await httpGames({ baseUrl: () => `${worldUrl}/games`, secret: secrets.GAMES_SECRET }).bets(
      'PG',
      null,
      1_000,
    );
    const db = await openDb();
    try {
      const owners = new Map(
        (
          await db.query<{ ref: string; member_id: string }>(
            'select public_id as ref, member_id from qrcodes union all select public_id, member_id from withdrawals',
          )
        ).map((r) => [r.ref, String(r.member_id)]),
      );
      let paidQrs = 0;
      let paidOut = 0;
      for (const m of members) {
        const sent = transfers
          .filter((t) => t.fromAccountNo === m.accountNo)
          .reduce((s, t) => s + Math.round(t.amount * 100), 0);
        const byQr = qrs
          .filter((q) => q.status === 'PAID' && owners.get(q.orderId) === m.id)
          .reduce((s, q) => s + Number(q.amountMinor), 0);
        const out = Object.entries(payouts)
          .filter(([ref, p]) => p.status === 'PAID' && owners.get(ref) === m.id)
          .reduce((s, [, p]) => s + Number(p.amountMinor), 0);
        paidQrs += byQr;
        paidOut += out;
        const [account] = await db.query<{ username: string; ledger: unknown }>(
          `select g.username, coalesce(a.balance, 0) as ledger from game_accounts g
           left join ledger_accounts a on a.code = 'member:' || g.member_id || ':game:PG'
           where g.member_id = $1 and g.provider = 'PG'`,
          [m.id],
        );
        const atProvider = Number(
          gameAccounts.find((a) => a.provider === 'PG' && a.username === account!.username)!.balanceMinor,
        );
        const rounds = feed.rounds.filter((r) => r.username === account!.username);
        const won = rounds.reduce((s, r) => s + Number(r.winMinor - r.betMinor), 0);
        expect(wallets.get(m.id)! + atProvider).toBe(sent + byQr - out + won);
        // Every round is in, once, and its money too: the ledger's game account is what PG holds.
        expect(Number(account!.ledger)).toBe(atProvider);
      }
      const counted = await db.query<{ n: unknown }>(
        `select count(*) as n from game_rounds where provider = 'PG' and posted`,
      );
      expect(Number(counted[0]!.n)).toBe(feed.rounds.length);
      expect(feed.rounds.length).toBeGreaterThan(0);
      expect(await db.query(`select reference from game_transfers where status = 'PENDING'`)).toEqual([]);
      // Money really moved into and out of the game around the crash.
      const moved = await db.query<{ direction: string; n: unknown }>(
        `select direction, count(*) as n from game_transfers where status = 'SUCCESS' group by direction`,
      );
      expect(
        moved
          .filter((d) => Number(d.n) > members.length)
          .map((d) => d.direction)
          .sort(),
      ).toEqual(['IN', 'OUT']);
      // The burst really did move money both ways around the crash.
      expect(paidQrs).toBeGreaterThan(0);
      expect(paidOut).toBeGreaterThan(0);

      // Every payment was made in time from a registered account: nothing waits for the operator.
      expect(await db.query('select order_id, reason from refused_qr_payments')).toEqual([]);
      expect(await db.query(`select reference from bank_feed_items where outcome <> 'CREDITED'`)).toEqual([]);

      // Issue 22: every withdrawal answered before the kill is there once, and nothing exists half: each
      // withdrawal and each credited bank line has its journal entry, each entry its withdrawal or line.
      expect(answered.length).toBeGreaterThan(0);
      const found = await db.query<{ public_id: string }>(
        'select public_id from withdrawals where public_id = any ($1)',
        [answered],
      );
      expect(found.map((w) => w.public_id).sort()).toEqual([...answered].sort());
      expect(
        await db.query(
          `select w.public_id from withdrawals w where not exists
             (select 1 from journal_entries e where e.reference = 'withdrawal:' || w.public_id || ':requested')
           union all
           select e.reference from journal_entries e where e.kind = 'withdrawal' and not exists
             (select 1 from withdrawals w where e.reference = 'withdrawal:' || w.public_id || ':requested')
           union all
           select b.reference from bank_feed_items b where b.outcome = 'CREDITED' and not exists
             (select 1 from journal_entries e where e.reference = 'deposit:bank:' || b.reference)`,
        ),
      ).toEqual([]);

      const report = await checkLedger(db);
      expect(report.mismatched).toEqual([]);
      expect(report.unbalanced).toEqual([]);
      expect(report.negative).toEqual([]);
    } finally {
      await db.close();
    }
  }, 240_000);
});
