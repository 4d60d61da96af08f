// npm run bench:api: HTTP money movements per second against the real server, on the local PostgreSQL
// and on the embedded PGlite, beside pgbench's TPC-B-like script on the same PostgreSQL.
//   The mix, a quarter each: deposits (signed bank-feed lines, each crediting a member), withdrawals (a
//   member's POST /api/wallet/withdraw with its Bearer session and a fresh Idempotency-Key), and transfers
//   into and out of the member's PG game account (POST /api/wallet/transfer, Idempotency-Key: two
//   transactions and a signed call to the simulated game aggregator each). Every measured request
//   is real HTTP through the whole server (rate limit, auth, validation, the ledger) and one money
//   movement in the ledger; after the run the ledger is checked and its new entries counted against the
//   answers. The simulated world (bank, game aggregator) runs in its own process, as the real one is not on
//   our event loop. Payouts: manual (the default) has withdraw.autoPayout off, so withdrawals wait for the
//   operator; auto has the simulated bank pay each withdrawal after its answer (two more transactions and
//   an HTTP call per withdrawal that the clients do not wait for and that are not counted).
//   The load generator is a separate process on node:http keep-alive sockets, one request in flight per
//   client. It shares the machine's cores with the server and the database, as pgbench's client does.
//   8 clients by default: the same concurrency as the pgbench run it is compared with.
//   On PostgreSQL the same server and members then take the load of BENCH_WIDE clients (64): issue 22 asks
//   that figure against the same 8-client pgbench, a ratio that batching should make grow with clients.
// Knobs: BENCH_PG (postgres://postgres@127.0.0.1:5432), BENCH_SECONDS (15), BENCH_CONCURRENCY (8),
// BENCH_WIDE (64; 0 leaves the wide run out),
// BENCH_WARMUP_SECONDS (2), BENCH_PAYOUTS (manual | auto), BENCH_ONLY (pg | pglite), BENCH_SQL (1: also
// time the endpoints' own SQL with pgbench, without HTTP), BENCH_CPU_PROF (a folder: the server and the
// simulated world write V8 CPU profiles there), BENCH_KEEP_DB (1: keep the krapao_bench database to study
// it afterwards), BENCH_CLUSTER (1: also the compiled server on PostgreSQL and Redis, three instances
// behind HAProxy (scripts/cluster-lib.mjs): the same load sent to one instance directly, then through the
// load balancer, printed side by side; needs haproxy, and REDIS_URL or a Redis on 127.0.0.1:6379).
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { buildServer } from './build-server.mjs';
import { findHaproxy, HAPROXY_MISSING, startCluster } from './cluster-lib.mjs';
import { freePort, machineLine, root, startServer, startSimWorld } from './lib.mjs';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WIDE = Number(process.env.BENCH_WIDE ?? 64);
const PAYOUTS = process.env.BENCH_PAYOUTS ?? 'manual';
const ONLY = process.env.BENCH_ONLY;
const CLUSTER = process.env.BENCH_CLUSTER === '1';
if (CLUSTER && !findHaproxy()) throw new Error(HAPROXY_MISSING);
if (!['manual', 'auto'].includes(PAYOUTS)) throw new Error('BENCH_PAYOUTS is manual or auto');
const MEMBERS = 64;
/** Issue 22's bars, at 8 clients: half of pgbench's tps, p99 under 25 ms; below them the bench exits 1. */
const RATIO_BAR = 0.5;
const P99_BAR_MS = 25;
const FEED_SECRET = randomBytes(16).toString('hex');
const GAMES_SECRET = randomBytes(16).toString('hex');
/** Each member's PG account starts with this, so transfers out always have money to take. */
const GAME_FLOAT = 5_000;
const sql = (db, command) => execFileSync('psql', [`${PG}/${db}`, '-qtAc', command], { encoding: 'utf8' });

const serverEnv = {
  OTP: 'off',
  RATE_LIMIT_PER_MIN: '100000000',
  REALTIME_HANDSHAKES_PER_MIN: '100000000',
  BANK_FEED_SECRET: FEED_SECRET,
  QR_GATEWAY_SECRET: FEED_SECRET,
  GAMES_SECRET,
  SIMULATE: '1',
};
const profiling = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];

const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(CONCURRENCY, WIDE) + 4 });

/** One POST over a kept-alive socket; answers the status and the body's text. */
function post(base, path, body, headers = {}) {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A signed bank-feed line: a transfer from the member's registered account to the operator's. */
function feedLine(member, amount) {
  const body = JSON.stringify({
    items: [
      {
        reference: `B${randomUUID().replaceAll('-', '')}`,
        fromBankCode: 'SCB',
        fromAccountNo: member.accountNo,
        toAccountNo: '0481234567',
        amount,
        receivedAt: new Date().toISOString(),
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', FEED_SECRET).update(body).digest('hex')}`;
  return { body, headers: { 'x-signature': signature } };
}

async function setUp(base) {
  const run = randomBytes(3).toString('hex');
  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    const phone = `09${String(10_000_000 + i * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
    const accountNo = `7${String(i).padStart(4, '0')}${parseInt(run, 16) % 100000}`.padEnd(10, '0');
    const reg = {
      name: 'Bench',
      username: phone,
      password: 'bench-password-1',
      bankCode: 'SCB',
      bankAccountName: 'BENCH',
      bankAccountNo: accountNo,
    };
    const created = await post(base, '/api/account', JSON.stringify(reg));
    if (created.status !== 200) throw new Error(`registration failed: ${created.text}`);
    const login = await post(base, '/api/login', JSON.stringify({ username: phone, password: reg.password }));
    const member = { token: JSON.parse(login.text).token, accountNo };
    const f = feedLine(member, 1_000_000);
    await post(base, '/api/hooks/bank-feed', f.body, f.headers);
    const auth = { authorization: `Bearer ${member.token}`, 'x-requested-with': 'wallet-user' };
    const activated = await fetch(`${base}/api/wallet/activate/PG`, { headers: auth });
    if (!activated.ok) throw new Error(`activation failed: ${await activated.text()}`);
    const float = await post(
      base,
      '/api/wallet/transfer',
      JSON.stringify({ from: 'WALLET', to: 'PG', amount: GAME_FLOAT }),
      {
        ...auth,
        'idempotency-key': `bench-${randomUUID()}`,
      },
    );
    if (float.status !== 200) throw new Error(`transfer failed: ${float.text}`);
    members.push(member);
  }
  return members;
}

const KINDS = ['deposit', 'withdrawal', 'transfer in', 'transfer out'];
const withdrawBody = JSON.stringify({ amount: 100 });
const transferInBody = JSON.stringify({ from: 'WALLET', to: 'PG', amount: 100 });
const transferOutBody = JSON.stringify({ from: 'PG', to: 'WALLET', amount: 100 });

/**
 * One money movement, by turn: a bank-feed deposit, a withdrawal, a transfer into PG, a transfer out of
 * it, each request with its own key.
 */
function movement(base, member, turn) {
  const kind = turn % 4;
  if (kind === 0) {
    const f = feedLine(member, 150);
    return post(base, '/api/hooks/bank-feed', f.body, f.headers);
  }
  const headers = { authorization: `Bearer ${member.token}`, 'idempotency-key': `bench-${randomUUID()}` };
  if (kind === 1) return post(base, '/api/wallet/withdraw', withdrawBody, headers);
  return post(base, '/api/wallet/transfer', kind === 2 ? transferInBody : transferOutBody, headers);
}

/**
 * `clients` clients, each with one request in flight, for `seconds`; counts only what `record` keeps.
 * Client w's turn i is member (7w + i) mod 64 and kind i mod 4, so each member sees every kind (from
 * different clients) and a transfer out always finds money the transfers in brought.
 */
async function drive(base, members, clients, seconds, record) {
  const until = performance.now() + seconds * 1000;
  async function client(w) {
    for (let i = 0; performance.now() < until; i++) {
      const member = members[(w * 7 + i) % members.length];
      const started = performance.now();
      const res = await movement(base, member, i);
      record(res, performance.now() - started, KINDS[i % 4]);
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, w) => client(w)));
}

/**
 * CPU time so far (ms) of the bench client, of the server and of every PostgreSQL process, read from
 * /proc (Linux): with the cores shared, CPU per movement says more than throughput alone.
 */
function cpuTimes() {
  const times = { client: 0, server: 0, postgres: 0, sim: 0, lb: 0 };
  if (process.platform !== 'linux') return times;
  const tick = 10; // ms per clock tick (USER_HZ 100)
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(f[11]) + Number(f[12])) * tick;
      if (comm === 'postgres') times.postgres += ms;
      else if (comm === 'haproxy') times.lb += ms;
      else if (Number(pid) === process.pid) times.client += ms;
      else {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        // The compiled server too (BENCH_CLUSTER): every instance's time is the server's.
        if (cmdline.includes('server/src/main.ts') || /dist[^\0]*\/main\.js/.test(cmdline))
          times.server += ms;
        else if (cmdline.includes('server/src/sim/main.ts')) times.sim += ms;
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return times;
}

async function load(base, members, clients) {
  let warmupOk = 0;
  if (WARMUP_SECONDS > 0)
    await drive(base, members, clients, WARMUP_SECONDS, (res) => (warmupOk += res.status === 200 ? 1 : 0));
  const latencies = [];
  const byKind = new Map(KINDS.map((k) => [k, []]));
  const refusals = new Map();
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const cpuBefore = cpuTimes();
  await drive(base, members, clients, SECONDS, (res, ms, kind) => {
    latencies.push(ms);
    byKind.get(kind).push(ms);
    if (res.status === 200) ok++;
    else {
      failed++;
      const key = `${res.status} ${res.text.slice(0, 60)}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    }
  });
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuTimes();
  const cpu = Object.fromEntries(
    Object.keys(cpuAfter).map((k) => [k, (cpuAfter[k] - cpuBefore[k]) / (ok + failed)]),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return {
    rps: ok / elapsed,
    ok,
    failed,
    refusals,
    p50: pct(50),
    p99: pct(99),
    kinds: [...byKind].map(([kind, l]) => {
      l.sort((a, b) => a - b);
      const at = (p) => l[Math.min(l.length - 1, Math.floor((p / 100) * l.length))] ?? 0;
      return `${kind} p50 ${at(50).toFixed(1)} p99 ${at(99).toFixed(1)}`;
    }),
    answered: warmupOk + ok,
    cpu,
  };
}

function pgbenchTps() {
  sql('postgres', 'drop database if exists krapao_pgbench');
  sql('postgres', 'create database krapao_pgbench');
  execFileSync('pgbench', ['-i', '-q', '-s', '10', `${PG}/krapao_pgbench`], { stdio: 'ignore' });
  // The load of the tables is flushed first, so that its checkpoint does not fall inside the timed run.
  sql('krapao_pgbench', 'checkpoint');
  const out = execFileSync('pgbench', ['-c', '8', '-j', '2', '-T', String(SECONDS), `${PG}/krapao_pgbench`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  sql('postgres', 'drop database krapao_pgbench');
  return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
}

/**
 * The endpoints' SQL alone (BENCH_SQL=1): pgbench calls the two money functions the server calls, half
 * and half, on the members the HTTP run made, with the same 8 clients as the TPC-B-like run. Its ratio to
 * TPC-B-like says how heavy the schema is; HTTP over it says what Node, HTTP and the driver cost.
 */
function endpointSqlTps(db) {
  const dir = mkdtempSync(join(tmpdir(), 'krapao-bench-sql-'));
  // The bench's own members, 09... (the seed's demo member, 08..., holds nothing), each with money
  // enough that no withdrawal is refused: pgbench ends a client at its first error (MONEY_NOT_ENOUGH).
  const [lo, hi] = sql(db, "select min(id), max(id) from members where phone like '09%'").trim().split('|');
  sql(
    db,
    `select bank_feed_credit('bench-sql-float-' || id, bank_code, bank_account_no, '0481234567', 100000000,
                             now(), now(), 'house:bank_cash:0')
     from members where id between ${lo} and ${hi}`,
  );
  writeFileSync(
    join(dir, 'withdraw.sql'),
    `\\set m random(${lo}, ${hi})
select response from wallet_withdraw(:m, 'sql-' || md5(random()::text || clock_timestamp()::text), '\\x00'::bytea, 10000, null, 'S' || md5(random()::text), now()::text, false);
`,
  );
  writeFileSync(
    join(dir, 'deposit.sql'),
    `\\set m random(${lo}, ${hi})
\\set h random(0, 31)
select bank_feed_credit(md5(random()::text || clock_timestamp()::text), bank_code, bank_account_no, '0481234567', 15000, now(), now(), 'house:bank_cash:' || :h) from members where id = :m;
`,
  );
  try {
    const out = pgbenchOutput('pgbench', [
      '-n',
      '-c',
      '8',
      '-j',
      '2',
      '-T',
      String(SECONDS),
      '-f',
      join(dir, 'withdraw.sql'),
      '-f',
      join(dir, 'deposit.sql'),
      `${PG}/${db}`,
    ]);
    return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * pgbench's report. It exits 2 when a client ended on an error, and still reports what the others did;
 * the run then says how many ended instead of throwing the whole bench's figures away.
 */
function pgbenchOutput(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if (error.status !== 2 || !/tps = /.test(error.stdout ?? '')) throw error;
    const ended = (String(error.stderr).match(/client \d+ aborted/g) ?? []).length;
    console.log(`  (pgbench: ${ended} of its clients ended on an error: ${firstError(error.stderr)})`);
    return error.stdout;
  }
}

const firstError = (stderr) => /ERROR: +([^\n]*)/.exec(String(stderr))?.[1] ?? 'see pgbench';

const fmt = (r) =>
  `${r.rps.toFixed(0).padStart(6)} money movements/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   (${r.ok} ok, ${r.failed} refused)`;

/**
 * Manual payouts: withdraw.autoPayout off before the server first reads it. The seed never overwrites a
 * setting, so on PGlite it is written into a database migrated beforehand; on PostgreSQL after the start.
 */
function preparedPglite() {
  const dir = mkdtempSync(join(tmpdir(), 'krapao-bench-pglite-'));
  const script = `
    import { connect } from './server/src/db/connect.ts';
    import { migrate } from './server/src/db/migrate.ts';
    const db = await connect({ dataDir: ${JSON.stringify(dir)} });
    await migrate(db);
    await db.query("insert into settings (key, value) values ('withdraw.autoPayout', 'false')");
    await db.close();`;
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: 'inherit',
  });
  return dir;
}

/** The load on `base`, printed under `label`; with a ledger, checked against it. */
async function measured(label, base, members, ledger, opts = {}) {
  const before = ledger?.entries();
  const result = await load(base, members, opts.clients ?? CONCURRENCY);
  console.log(`  ${label.padEnd(22)} ${fmt(result)}`);
  console.log(`    by kind (ms): ${result.kinds.join(', ')}`);
  for (const [what, n] of result.refusals) console.log(`    refused ${n}x: ${what}`);
  const c = result.cpu;
  const pg = ledger ? `, PostgreSQL (all its processes) ${c.postgres.toFixed(2)} ms` : '';
  const lb = opts.lb ? `, HAProxy ${c.lb.toFixed(2)} ms` : '';
  console.log(
    `    CPU per movement: server ${c.server.toFixed(2)} ms${pg}, simulated world ${c.sim.toFixed(2)} ms, load generator ${c.client.toFixed(2)} ms${lb}`,
  );
  if (ledger) {
    // Every movement answered 200 (warm-up included) is in the ledger exactly once, and it balances.
    const entries = ledger.entries() - before;
    const sound = ledger.sound();
    console.log(`    ledger: ${entries} new entries for ${result.answered} movements answered 200; ${sound}`);
    result.sound = sound.startsWith('OK') && entries === result.answered;
  }
  return result;
}

/**
 * BENCH_CLUSTER: the compiled server (NODE_ENV=production), three instances on PostgreSQL and Redis behind
 * HAProxy; the same members and load sent to the first instance directly, then through the load balancer.
 */
async function measureCluster() {
  const db = 'krapao_bench_cluster';
  sql('postgres', `drop database if exists ${db}`);
  sql('postgres', `create database ${db}`);
  const dist = join(root, '.tmp', 'bench-cluster-dist');
  await buildServer(dist);
  const ledger = ledgerOf(db);
  const cluster = await startCluster({
    databaseUrl: `${PG}/${db}`,
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    serverJs: join(dist, 'main.js'),
    env: { ...serverEnv, REDIS_PREFIX: db },
    secrets: { BANK_FEED_SECRET: FEED_SECRET, QR_GATEWAY_SECRET: FEED_SECRET, GAMES_SECRET },
  });
  try {
    if (PAYOUTS === 'manual') ledger.manualPayouts();
    const members = await setUp(cluster.lbUrl);
    const one = await measured('compiled, 1 instance', cluster.instances[0].base, members, ledger);
    const three = await measured('HAProxy, 3 instances', cluster.lbUrl, members, ledger, { lb: true });
    console.log(
      `\nside by side on PostgreSQL: one instance ${one.rps.toFixed(0)}/s p99 ${one.p99.toFixed(1)} ms; ` +
        `through HAProxy to three ${three.rps.toFixed(0)}/s p99 ${three.p99.toFixed(1)} ms`,
    );
    return one.sound && three.sound;
  } finally {
    await cluster.stop();
    rmSync(dist, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB !== '1') sql('postgres', `drop database ${db}`);
  }
}

/** `label`'s server on `env`; on PostgreSQL (a ledger) the wide run follows, answered as `wide`. */
async function measure(label, env, ledger) {
  // The simulated world (the bank that pays automatic payouts, the game aggregator) in its own process,
  // as a real bank or provider is not on our event loop.
  const port = String(await freePort());
  const world = await startSimWorld(
    {
      KRAPAO_URL: `http://127.0.0.1:${port}`,
      BANK_FEED_SECRET: FEED_SECRET,
      QR_GATEWAY_SECRET: FEED_SECRET,
      GAMES_SECRET,
    },
    { nodeArgs: profiling },
  );
  const pgliteDir = !env.DATABASE_URL && PAYOUTS === 'manual' ? preparedPglite() : undefined;
  const server = await startServer(
    { ...serverEnv, ...env, PORT: port, SIM_URL: world.base, ...(pgliteDir ? { DATA_DIR: pgliteDir } : {}) },
    { nodeArgs: profiling },
  );
  try {
    if (env.DATABASE_URL && PAYOUTS === 'manual') ledger?.manualPayouts();
    const members = await setUp(server.base);
    const result = await measured(label, server.base, members, ledger);
    if (ledger && WIDE > 0) {
      result.wide = await measured(`${label}, ${WIDE} clients`, server.base, members, ledger, {
        clients: WIDE,
      });
    }
    return result;
  } finally {
    await server.stop();
    await world.stop();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  }
}

const payoutEnv = {};
console.log(
  `HTTP money movements: ${CONCURRENCY} concurrent clients${WIDE > 0 ? ` (on PostgreSQL then ${WIDE})` : ''}, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up, payouts ${PAYOUTS}\n`,
);
console.log(`${machineLine()}\n`);
let onPg;
if (ONLY !== 'pglite') {
  sql('postgres', 'drop database if exists krapao_bench');
  sql('postgres', 'create database krapao_bench');
  const ledger = ledgerOf('krapao_bench');
  onPg = await measure('PostgreSQL', { ...payoutEnv, DATABASE_URL: `${PG}/krapao_bench` }, ledger);
  if (process.env.BENCH_SQL === '1') onPg.sqlTps = endpointSqlTps('krapao_bench');
  if (process.env.BENCH_KEEP_DB !== '1') sql('postgres', 'drop database krapao_bench');
}

/** The ledger of a bench database: the movements it holds, and whether it is sound. */
function ledgerOf(db) {
  const q = (command) => sql(db, command).trim();
  return {
    // Movements the clients ask for: bank deposits and withdrawal requests (not payouts), and game
    // transfers that succeeded (two entries each: reserved, then posted).
    entries: () =>
      Number(
        q(`select (select count(*) from journal_entries where kind in ('deposit', 'withdrawal'))
                + (select count(*) from game_transfers where status = 'SUCCESS')`),
      ),
    manualPayouts: () => q(`update settings set value = 'false' where key = 'withdraw.autoPayout'`),
    sound: () => {
      const problems = q(
        `select (select count(*) from (select 1 from ledger_accounts a left join postings p on p.account_id = a.id
                  group by a.id having a.balance <> coalesce(sum(p.amount), 0)) m)
              + (select count(*) from (select 1 from postings group by entry_id having sum(amount) <> 0) u)
              + (select count(*) from ledger_accounts where kind <> 'house' and balance < 0)
              + (select case when coalesce(sum(amount), 0) = 0 then 0 else 1 end from postings)`,
      );
      return problems === '0'
        ? 'OK: every balance equals the sum of its postings'
        : `FAILED (${problems} problems)`;
    },
  };
}

const onPglite = ONLY === 'pg' ? undefined : await measure('PGlite (embedded)', payoutEnv);

if (onPg) {
  const tps = pgbenchTps();
  console.log(
    `  ${'pgbench TPC-B-like'.padEnd(22)} ${tps.toFixed(0).padStart(6)} tps (scale 10, 8 clients, 2 threads)`,
  );
  if (onPg.sqlTps)
    console.log(
      `  ${'endpoint SQL alone'.padEnd(22)} ${onPg.sqlTps.toFixed(0).padStart(6)} tps (pgbench calling wallet_withdraw and bank_feed_credit, 8 clients): ${(onPg.sqlTps / tps).toFixed(2)} of TPC-B-like`,
    );
  const ratio = onPg.rps / tps;
  console.log(
    `\nratio HTTP money movements / pgbench tps on PostgreSQL: ${ratio.toFixed(2)} (bar ${RATIO_BAR})`,
  );
  console.log(`p99 on PostgreSQL: ${onPg.p99.toFixed(1)} ms (bar ${P99_BAR_MS} ms)`);
  const wide = onPg.wide;
  if (wide) {
    const wideRatio = wide.rps / tps;
    console.log(
      `ratio at ${WIDE} clients, against the same pgbench: ${wideRatio.toFixed(2)} (p99 ${wide.p99.toFixed(1)} ms; ` +
        `${wideRatio > ratio ? 'grows' : 'does not grow'} with clients)`,
    );
  }
  const sound = onPg.sound && (wide?.sound ?? true);
  process.exitCode = ratio >= RATIO_BAR && onPg.p99 < P99_BAR_MS && sound ? 0 : 1;
}
if (onPglite)
  console.log(
    `PGlite: ${onPglite.rps.toFixed(0)} movements/s, p50 ${onPglite.p50.toFixed(1)} ms, p99 ${onPglite.p99.toFixed(1)} ms`,
  );
if (CLUSTER) {
  console.log('\nThe compiled server, one instance and three behind HAProxy (BENCH_CLUSTER):');
  if (!(await measureCluster())) process.exitCode = 1;
}
