// npm test: every suite, browser tests included. Runs them all, then prints one summary line.
//   1. lint and format | types | contract | web build, side by side (each step's output is held and
//      printed in one piece when it ends): 137 s against about 180 s one after another on a 2-core machine
//   2. server (PGlite) -> server (PostgreSQL, when TEST_DATABASE_URL is set) -> cluster (with
//      TEST_REDIS_URL too, and HAProxy) -> browser tests (Debian Chromium) | web components (one worker)
// The server suites fill both cores by themselves; side by side with the browser tests they took longer
// than one after another (the browser tests beside the server on PostgreSQL: 894 s against 557 + 175 s),
// and a page of a browser test waited past its timeout. The browser tests fill one core.
import { spawn } from 'node:child_process';
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

/**
 * Runs one step. `held`: the step runs beside others, so what it prints is kept and printed in one
 * piece when it ends (its `fn` gets a `run` that does so; otherwise the output streams as it comes).
 */
async function step(name, fn, { held = false } = {}) {
  console.log(`\n▶ ${name}${held ? ' (output when it ends)' : ''}`);
  const started = Date.now();
  const output = [];
  const runStep = held ? heldRun(output) : run;
  let code;
  try {
    code = await fn(runStep);
  } catch (err) {
    const message = String(err?.message ?? err);
    if (held) output.push(`${message}\n`);
    else console.error(message);
    code = 1;
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (held) {
    console.log(`\n── ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds}s ──`);
    process.stdout.write(output.join(''));
  }
  steps.push({ name, ok: code === 0, seconds });
  return code === 0;
}

/** Like lib.mjs run, with the command's output (stdout and stderr, interleaved) pushed onto `output`. */
const heldRun =
  (output) =>
  (cmd, args, opts = {}) =>
    new Promise((resolve) => {
      const child = spawn(cmd, args, {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        ...opts,
        env: { ...process.env, FORCE_COLOR: '0', ...opts.env },
      });
      child.stdout.on('data', (d) => output.push(String(d)));
      child.stderr.on('data', (d) => output.push(String(d)));
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });

/** Runs a vitest project and adds its counts to the totals. */
async function vitest(name, dir, args = [], env = {}, options = {}) {
  const report = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  return step(
    name,
    async (runStep) => {
      const code = await runStep(
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
    },
    options,
  );
}

const held = { held: true };

// 1. Checks of the source and the web build, side by side (each mostly one core's work).
const [, , , built] = await Promise.all([
  step('lint and format', (runStep) => runStep('npm', ['run', 'lint', '--silent']), held),
  step('types', (runStep) => runStep('npm', ['run', 'typecheck', '--silent']), held),
  vitest('contract', 'contract', [], {}, held),
  step('web build', (runStep) => buildWeb(runStep), held),
]);
const chromium = built && (await step('find Chromium', () => (ensureChromium(), 0)));

// 2. The server on the embedded database (both cores).
await vitest('server on PGlite', 'server', [], { TEST_DATABASE_URL: '' });

// 3. The server on PostgreSQL and the cluster, then the browser tests.
if (process.env.TEST_DATABASE_URL) await vitest('server on PostgreSQL', 'server');
else console.log('\n(TEST_DATABASE_URL not set: the server suites ran on PGlite only)');
// The cluster (HAProxy, three compiled instances, PostgreSQL and Redis): scripts/cluster.test.mjs.
if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  console.log('\n(TEST_DATABASE_URL and TEST_REDIS_URL not both set: the cluster test was skipped)');
} else if (!ensureHaproxy()) {
  console.log(`\n(cluster test skipped: ${HAPROXY_MISSING})`);
} else {
  const ok = await step('cluster behind HAProxy', () =>
    run('node', ['--import', 'tsx', 'scripts/cluster.test.mjs']),
  );
  if (ok) passed += 1;
  else failed += 1;
}
// 4. The browser tests beside the web components. The browser tests keep about one core busy (Chromium,
//    the server, the runner: 50 % of the machine, sampled every 5 s over a run), so the web components
//    run on the other, in one worker, their output held.
if (chromium) {
  await Promise.all([
    vitest('browser tests', 'web', ['--config', 'e2e/vitest.config.ts']),
    vitest('web components', 'web', ['--maxWorkers=1'], {}, held),
  ]);
} else {
  await vitest('web components', 'web');
}

console.log('\nSummary');
for (const s of steps) console.log(`  ${s.ok ? '✓' : '✗'} ${s.name} (${s.seconds}s)`);
const stepsFailed = steps.filter((s) => !s.ok).length;
console.log(`\n${passed} passed, ${failed + (failed ? 0 : stepsFailed)} failed`);
process.exit(stepsFailed ? 1 : 0);
