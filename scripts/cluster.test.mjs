// The cluster under load while instances go away (npm test runs it on PostgreSQL and Redis, when HAProxy
// is there): HAProxy in front of three compiled instances (scripts/cluster-lib.mjs), members deposit
// (bank transfers the simulated bank reports through the load balancer), move money into the demo game
// and back, and withdraw, while one instance drains on SIGTERM and another dies on SIGKILL. Then:
// - every request answered 200 is in the database (withdrawals, game transfers, deposits);
// - a client that sends a request again with its Idempotency-Key gets the first answer (the same
//   withdrawal or transfer), and the retries during the outage made nothing twice;
// - a member's socket, connected through the load balancer, hears money moved by each instance;
// - the ledger check (npm run ledger:check) passes.
// Run: TEST_DATABASE_URL=postgres://... TEST_REDIS_URL=redis://... node --import tsx scripts/cluster.test.mjs
// It makes a database of its own on TEST_DATABASE_URL's server and drops it afterwards.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { io as openSocket } from 'socket.io-client';
import { REALTIME_EVENTS, REALTIME_PATH } from '../contract/src/index.ts';
import { connect } from '../server/src/db/connect.ts';
import { checkLedger, ledgerIsSound } from '../server/src/ledger/ledger.ts';
import { buildServer } from './build-server.mjs';
import { findHaproxy, startCluster } from './cluster-lib.mjs';
import { root } from './lib.mjs';

const DATABASE = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const MEMBERS = 6;
/** Money movements answered 200 before each step of the outage, and before the clients stop. */
const SIGTERM_AT = 60;
const SIGKILL_AT = 120;
const RESTART_AT = 180;
const STOP_AT = 260;
/** A request the load balancer could not serve (no instance, or one that died under it) is sent again. */
const RETRY_STATUSES = new Set([502, 503, 504]);
const MAX_ATTEMPTS = 100;

const skip =
  !DATABASE || !REDIS ? 'TEST_DATABASE_URL and TEST_REDIS_URL are needed' : !findHaproxy() && 'no haproxy';

/** Polls `read` until `ok` holds; fails after `ms` with the last value. */
async function until(what, read, ok, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test(
  '[cluster] money through the load balancer survives a drained and a killed instance',
  { skip, timeout: 300_000 },
  async () => {
    const started = Date.now();
    const dbName = `krapao_cluster_${randomBytes(4).toString('hex')}`;
    const admin = await connect({ databaseUrl: DATABASE });
    await admin.exec(`create database ${dbName}`);
    const url = new URL(DATABASE);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();
    // Inside the repository, so that the build's packages resolve from its node_modules.
    const dist = join(root, '.tmp', `cluster-dist-${randomBytes(4).toString('hex')}`);
    let cluster;
    let db;
    const sockets = [];
    try {
      await buildServer(dist);
      cluster = await startCluster({
        databaseUrl,
        redisUrl: REDIS,
        serverJs: join(dist, 'main.js'),
        env: {
          REDIS_PREFIX: dbName,
          OTP: 'off',
          RATE_LIMIT_PER_MIN: '1000000',
          REALTIME_HANDSHAKES_PER_MIN: '1000000',
          SHUTDOWN_GRACE_MS: '10000',
          // Transfers whose instance died are settled by the reconciler of another, within seconds.
          RECONCILE_EVERY_S: '1',
          RECONCILE_AFTER_S: '0',
          GAME_CALL_TIMEOUT_MS: '2000',
        },
      });
      const { lbUrl, simUrl } = cluster;
      db = await connect({ databaseUrl });
      const figures = { requests: 0, retries: 0, failures: 0, answered: 0 };

      /** One request through the load balancer, sent again (same key) while no instance could answer it. */
      async function send(base, method, path, { token, body, key } = {}) {
        for (let attempt = 1; ; attempt++) {
          figures.requests++;
          let status;
          let answer;
          try {
            const res = await fetch(`${base}${path}`, {
              method,
              headers: {
                'content-type': 'application/json',
                'x-requested-with': 'wallet-user',
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(key ? { 'idempotency-key': key } : {}),
              },
              ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            });
            status = res.status;
            answer = await res.json().catch(() => null);
          } catch {
            status = 0; // the connection broke: the instance died under it
          }
          if (status === 200) return answer;
          if ((status !== 0 && !RETRY_STATUSES.has(status)) || attempt >= MAX_ATTEMPTS) {
            figures.failures++;
            throw new Error(`${method} ${path}: ${status} ${JSON.stringify(answer)}`);
          }
          figures.retries++;
        }
      }

      const bankTransfer = async (member, amount) => {
        const res = await fetch(`${simUrl}/bank/transfers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            fromBankCode: 'SCB',
            fromAccountNo: member.accountNo,
            toAccountNo: '0481234567',
            amount,
          }),
        });
        // 502: the feed's first report failed; the simulated bank reports it again until it is taken.
        const transfer = await res.json();
        member.deposits.push(transfer.reference);
        return transfer;
      };

      // Members, each with a socket through the load balancer that reconnects as a browser does.
      const members = [];
      for (let i = 0; i < MEMBERS; i++) {
        const phone = `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
        const accountNo = `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
        await send(lbUrl, 'POST', '/api/account', {
          body: {
            name: 'Cluster',
            username: phone,
            password: 'cluster-password-1',
            bankCode: 'SCB',
            bankAccountName: 'CLUSTER',
            bankAccountNo: accountNo,
          },
        });
        const login = await send(lbUrl, 'POST', '/api/login', {
          body: { username: phone, password: 'cluster-password-1' },
        });
        const member = { phone, accountNo, token: login.token, deposits: [], answers: [], events: [] };
        const socket = openSocket(lbUrl, {
          path: REALTIME_PATH,
          transports: ['websocket'],
          auth: { token: member.token },
        });
        sockets.push(socket);
        socket.on(REALTIME_EVENTS.money, (e) => member.events.push(e));
        await new Promise((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        members.push(member);
      }
      for (const m of members) {
        await bankTransfer(m, 2_000);
        await until(
          'the first deposit heard',
          async () => m.events.some((e) => e.type === 'deposit'),
          Boolean,
        );
        await send(lbUrl, 'GET', '/api/wallet/activate/PG', { token: m.token });
        // A float in the game, so a transfer out finds money even when the one before it is still open.
        await send(lbUrl, 'POST', '/api/wallet/transfer', {
          token: m.token,
          body: { from: 'WALLET', to: 'PG', amount: 1_000 },
          key: `cluster-${randomUUID()}`,
        });
      }

      // The load: each member in turn deposits, moves 100 into the game and back, and withdraws 100.
      const [, draining, killed] = cluster.instances;
      const exits = {};
      const outage = [];
      let done = 0;
      const step = (at, work) => {
        if (done >= at && !outage[at]) outage[at] = work();
      };
      const moneyOf = async (m, turn) => {
        const key = `cluster-${randomUUID()}`;
        const kind = turn % 4;
        if (kind === 0) return bankTransfer(m, 300);
        const [path, body] =
          kind === 3
            ? ['/api/wallet/withdraw', { amount: 100 }]
            : [
                '/api/wallet/transfer',
                kind === 1
                  ? { from: 'WALLET', to: 'PG', amount: 100 }
                  : { from: 'PG', to: 'WALLET', amount: 100 },
              ];
        const answer = await send(lbUrl, 'POST', path, { token: m.token, body, key });
        m.answers.push({ path, body, key, answer });
      };
      await Promise.all(
        members.map(async (m) => {
          for (let turn = 0; done < STOP_AT || !outage[RESTART_AT]; turn++) {
            await moneyOf(m, turn);
            done++;
            step(SIGTERM_AT, async () => (exits.sigterm = await draining.stop('SIGTERM')));
            step(SIGKILL_AT, async () => (exits.sigkill = await killed.stop('SIGKILL')));
            step(RESTART_AT, async () => {
              await outage[SIGTERM_AT];
              await outage[SIGKILL_AT];
              await Promise.all([draining.start(), killed.start()]);
            });
          }
        }),
      );
      await Promise.all(Object.values(outage));
      // The two instances started again are back behind the load balancer, at the ports they took.
      await until(
        'every instance in the load balancer again',
        () => cluster.lbServers(),
        (servers) =>
          servers.length === cluster.instances.length &&
          cluster.instances.every((i) =>
            servers.some((s) => s.name === i.name && s.addr === `127.0.0.1:${i.port}` && s.up),
          ),
      );
      figures.answered = members.reduce((n, m) => n + m.answers.length + m.deposits.length, 0);
      assert.equal(exits.sigterm, 0, 'the drained instance finished its requests in time');
      assert.equal(figures.failures, 0);

      // No answer is lost: every withdrawal and transfer answered 200 is in the database, and every
      // transfer the killed instance left open is settled.
      const answered = members.flatMap((m) => m.answers);
      const withdrawalIds = answered
        .filter((a) => a.path.endsWith('withdraw'))
        .map((a) => a.answer.withdrawalId);
      const transferIds = answered.filter((a) => a.path.endsWith('transfer')).map((a) => a.answer.transferId);
      const found = await db.query('select public_id from withdrawals where public_id = any($1)', [
        withdrawalIds,
      ]);
      assert.equal(found.length, withdrawalIds.length, 'every withdrawal answered 200 is there');
      const transfers = await until(
        'the transfers settled',
        () =>
          db.query('select reference, status from game_transfers where reference = any($1)', [transferIds]),
        (rows) => rows.length === transferIds.length && rows.every((r) => r.status !== 'PENDING'),
      );
      assert.equal(transfers.length, transferIds.length, 'every transfer answered 200 is there');
      const refs = members.flatMap((m) => m.deposits);
      await until(
        'every bank transfer credited',
        async () =>
          (
            await db.query(
              "select count(*)::int as n from deposits where channel = 'BANK' and reference = any($1)",
              [refs],
            )
          )[0].n,
        (n) => n === refs.length,
      );

      // A client sending again with its key gets the first answer: the same movement, made once.
      for (const a of answered) {
        const again = await send(lbUrl, 'POST', a.path, {
          token: members.find((m) => m.answers.includes(a)).token,
          body: a.body,
          key: a.key,
        });
        const id = a.path.endsWith('withdraw') ? 'withdrawalId' : 'transferId';
        assert.equal(again[id], a.answer[id]);
        assert.equal(again.amount, a.answer.amount);
      }
      const [made] = await db.query(
        `select (select count(*)::int from withdrawals w join members m on m.id = w.member_id where m.phone = any($1)) as withdrawals,
              (select count(*)::int from game_transfers t join members m on m.id = t.member_id where m.phone = any($1)) as transfers`,
        [members.map((m) => m.phone)],
      );
      assert.deepEqual(made, {
        withdrawals: withdrawalIds.length,
        transfers: transferIds.length + members.length,
      });

      // Realtime reaches each member's socket (through the load balancer) from every instance.
      for (const instance of cluster.instances) {
        for (const m of members) {
          m.events.length = 0;
          await send(instance.base, 'POST', '/api/wallet/transfer', {
            token: m.token,
            body: { from: 'WALLET', to: 'PG', amount: 100 },
            key: `cluster-${randomUUID()}`,
          });
          await until(
            `${instance.name}'s money heard`,
            async () => m.events.some((e) => e.type === 'balance'),
            Boolean,
          );
        }
      }

      const report = await checkLedger(db);
      assert.ok(ledgerIsSound(report), `the ledger check: ${JSON.stringify(report)}`);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `cluster: ${figures.answered} money movements answered (${withdrawalIds.length} withdrawals, ${transferIds.length} transfers, ${refs.length} bank deposits), ` +
          `${figures.requests} requests to the load balancer, ${figures.retries} retries, ${figures.failures} failures, ` +
          `drained instance exit ${exits.sigterm}, ledger ${report.entries} entries sound, ${seconds} s`,
      );
    } finally {
      for (const s of sockets) s.close();
      await db?.close();
      await cluster?.stop();
      rmSync(dist, { recursive: true, force: true });
      await admin.exec(`drop database if exists ${dbName} with (force)`);
      await admin.close();
    }
  },
);
