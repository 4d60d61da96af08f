// npm run bench:api: HTTP money movements per second against the real server, on the local PostgreSQL
// and on the embedded PGlite, beside pgbench's TPC-B-like script on the same PostgreSQL.
//   The mix: half deposits (signed bank-feed lines, each crediting a member), half withdrawals (a member's
//   POST /api/wallet/withdraw with its Idempotency-Key). Payouts are left to the operator during the run,
//   so every measured request is one money movement in the ledger.
// BENCH_PG (default postgres://postgres@127.0.0.1:5432), BENCH_SECONDS (15), BENCH_CONCURRENCY (16).
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startServer } from './lib.mjs';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MEMBERS = 64;
const FEED_SECRET = randomBytes(16).toString('hex');
const sql = (db, command) => execFileSync('psql', [`${PG}/${db}`, '-qtAc', command], { encoding: 'utf8' });

const serverEnv = {
  OTP: 'off',
  RATE_LIMIT_PER_MIN: '100000000',
  BANK_FEED_SECRET: FEED_SECRET,
};
const profiling = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];

const post = (base, path, body, headers = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

function feedLine(member, amount) {
  const body = JSON.stringify({
    items: [
      {
        reference: `B${randomBytes(9).toString('hex')}`,
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
    await post(base, '/api/account', JSON.stringify(reg));
    const { token } = await (
      await post(base, '/api/login', JSON.stringify({ username: phone, password: reg.password }))
    ).json();
    const member = { token, accountNo };
    const f = feedLine(member, 1_000_000);
    await post(base, '/api/hooks/bank-feed', f.body, f.headers);
    members.push(member);
  }
  return members;
}

async function load(base, members) {
  const latencies = [];
  let ok = 0;
  let failed = 0;
  const until = performance.now() + SECONDS * 1000;
  async function worker(w) {
    for (let i = 0; performance.now() < until; i++) {
      const member = members[(w * 7 + i) % members.length];
      const started = performance.now();
      let res;
      if (i % 2 === 0) {
        const f = feedLine(member, 150);
        res = await post(base, '/api/hooks/bank-feed', f.body, f.headers);
      } else {
        res = await post(base, '/api/wallet/withdraw', JSON.stringify({ amount: 100 }), {
          authorization: `Bearer ${member.token}`,
          'idempotency-key': `bench-${w}-${i}-${randomBytes(4).toString('hex')}`,
        });
      }
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.ok) ok++;
      else failed++;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { rps: ok / SECONDS, ok, failed, p50: pct(50), p99: pct(99) };
}

function pgbenchTps() {
  sql('postgres', 'drop database if exists krapao_pgbench');
  sql('postgres', 'create database krapao_pgbench');
  execFileSync('pgbench', ['-i', '-q', '-s', '10', `${PG}/krapao_pgbench`], { stdio: 'ignore' });
  const out = execFileSync('pgbench', ['-c', '8', '-j', '2', '-T', String(SECONDS), `${PG}/krapao_pgbench`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  sql('postgres', 'drop database krapao_pgbench');
  return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
}

const fmt = (r) =>
  `${r.rps.toFixed(0).padStart(6)} money movements/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   (${r.ok} ok, ${r.failed} refused)`;

async function measure(label, env, prepare) {
  const server = await startServer({ ...serverEnv, ...env }, { nodeArgs: profiling });
  try {
    const members = await setUp(server.base);
    await prepare?.();
    const result = await load(server.base, members);
    console.log(`  ${label.padEnd(22)} ${fmt(result)}`);
    return result;
  } finally {
    await server.stop();
  }
}

console.log(`HTTP money movements: ${CONCURRENCY} concurrent clients, ${SECONDS} s each\n`);
sql('postgres', 'drop database if exists krapao_bench');
sql('postgres', 'create database krapao_bench');
const manualPayouts = () =>
  sql('krapao_bench', `update settings set value = 'false' where key = 'withdraw.autoPayout'`);
const onPg = await measure('PostgreSQL', { DATABASE_URL: `${PG}/krapao_bench` }, manualPayouts);
sql('postgres', 'drop database krapao_bench');

const onPglite = await measure('PGlite (embedded)', {});

const tps = pgbenchTps();
console.log(
  `  ${'pgbench TPC-B-like'.padEnd(22)} ${tps.toFixed(0).padStart(6)} tps (scale 10, 8 clients, 2 threads)`,
);
const ratio = onPg.rps / tps;
console.log(`\nratio HTTP money movements / pgbench tps on PostgreSQL: ${ratio.toFixed(2)} (bar 0.25)`);
console.log(`p99 on PostgreSQL: ${onPg.p99.toFixed(1)} ms (bar 50 ms)`);
console.log(`PGlite: ${onPglite.rps.toFixed(0)} movements/s, p99 ${onPglite.p99.toFixed(1)} ms`);
process.exitCode = ratio >= 0.25 && onPg.p99 < 50 ? 0 : 1;
