// npm test: every suite, browser tests included. Runs them all, then prints one summary line.
//   lint and format -> types -> contract -> server (PGlite) -> server (PostgreSQL, when
//   TEST_DATABASE_URL is set) -> cluster (with TEST_REDIS_URL too, and HAProxy) -> web components ->
//   web build -> browser tests (Debian Chromium)
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb, ensureChromium, root, run } from './lib.mjs';
import { ensureHaproxy, HAPROXY_MISSING } from './cluster-lib.mjs';

const tmp = join(root, '.tmp');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

const steps = [];
let passed = 0;
let failed = 0;

async function step(name, fn) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  let code;
  try {
    code = await fn();
  } catch (err) {
    console.error(String(err?.message ?? err));
    code = 1;
  }
  steps.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return code === 0;
}

/** Runs a vitest project and adds its counts to the totals. */
async function vitest(name, dir, args = [], env = {}) {
  const report = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  return step(name, async () => {
    const code = await run(
      'npx',
      [
        'vitest',
        'run',
        '--root',
        dir,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...args,
      ],
      { env },
    );
    if (existsSync(report)) {
      const r = JSON.parse(readFileSync(report, 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
    } else if (code !== 0) failed += 1;
    return code;
  });
}

await step('lint and format', () => run('npm', ['run', 'lint', '--silent']));
await step('types', () => run('npm', ['run', 'typecheck', '--silent']));
await vitest('contract', 'contract');
await vitest('server on PGlite', 'server', [], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) await vitest('server on PostgreSQL', 'server');
else console.log('\n(TEST_DATABASE_URL not set: the server suites ran on PGlite only)');
// The cluster (HAProxy, three compiled instances, PostgreSQL and Redis): scripts/cluster.test.mjs.
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) {
  if (ensureHaproxy()) {
    const ok = await step('cluster behind HAProxy', () =>
      run('node', ['--import', 'tsx', 'scripts/cluster.test.mjs']),
    );
    if (ok) passed += 1;
    else failed += 1;
  } else console.log(`\n(cluster test skipped: ${HAPROXY_MISSING})`);
} else console.log('\n(TEST_DATABASE_URL and TEST_REDIS_URL not both set: the cluster test was skipped)');
await vitest('web components', 'web');
const built = await step('web build', () => buildWeb());
if (built) {
  const chromium = await step('find Chromium', () => (ensureChromium(), 0));
  if (chromium) await vitest('browser tests', 'web', ['--config', 'e2e/vitest.config.ts']);
}

console.log('\nSummary');
for (const s of steps) console.log(`  ${s.ok ? '✓' : '✗'} ${s.name} (${s.seconds}s)`);
const stepsFailed = steps.filter((s) => !s.ok).length;
console.log(`\n${passed} passed, ${failed + (failed ? 0 : stepsFailed)} failed`);
process.exit(stepsFailed ? 1 : 0);
