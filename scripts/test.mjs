// npm test: every suite, browser tests included. Runs them all, then prints one summary line.
//   1. types | contract | web build | the Laos web build (laos.e2e.ts's), side by side (each step's
//      output is held and printed in one piece when it ends)
//   2. server (PGlite), two workers | beside it: lint and format -> cluster (with TEST_DATABASE_URL and
//      TEST_REDIS_URL, and HAProxy) (held)
//   3. browser tests (Debian Chromium) | beside them, niced: server (PostgreSQL, when TEST_DATABASE_URL
//      is set) -> web components
// The browser tests beside the server on PostgreSQL with two workers at the usual priority took longer
// than one after another (894 s against 557 + 175 s on a slow machine) and a page waited past its
// timeout: niced, the server's workers take only the CPU the browser tests leave.
import { spawnSync } from 'node:child_process';
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
/** The failed tests, named again under the summary: a CI log's reader may see only its last lines. */
const failures = [];

/**
 * Runs one step. `held`: the step runs beside others, so what it prints is kept and printed in one
 * piece when it ends (its `fn` gets a `run` that does so; otherwise the output streams as it comes).
 */
async function step(name, fn, { held = false } = {}) {
  console.log(`\n▶ ${name}${held ? ' (output when it ends)' : ''}`);
  const started = Date.now();
  const output = [];
  const runStep = held ? (cmd, args, opts = {}) => run(cmd, args, { ...opts, output }) : run;
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

/** coreutils' nice, where there is one (elsewhere the suites run at the usual priority). */
const canNice = spawnSync('nice', ['true']).status === 0;

/**
 * Runs a vitest project and adds its counts to the totals. `options.niceness`: its processes run at that
 * lower priority (nice), so that they take only the CPU that what runs beside them leaves.
 */
async function vitest(name, dir, args = [], env = {}, { niceness = 0, ...options } = {}) {
  const report = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const [command, ...niced] = niceness && canNice ? ['nice', '-n', String(niceness), 'npx'] : ['npx'];
  return step(
    name,
    async (runStep) => {
      const code = await runStep(
        command,
        [
          ...niced,
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
        failures.push(...failedTests(name, r));
      } else if (code !== 0) failed += 1;
      return code;
    },
    options,
  );
}

/** Each failed test of a vitest JSON report: its step, file, name and the first line of its error. */
function failedTests(stepName, report) {
  const firstLine = (message) =>
    String(message ?? '')
      .split('\n')[0]
      .slice(0, 300);
  return report.testResults.flatMap((file) => {
    const where = `  ✗ ${stepName}: ${file.name.replace(`${root}/`, '')}`;
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    // A file that failed outside its tests (an import, a hook, an error after a test) names no test.
    if (!tests.length) return file.status === 'failed' ? [`${where}\n      ${firstLine(file.message)}`] : [];
    return tests.map((t) => `${where} > ${t.fullName}\n      ${firstLine(t.failureMessages?.[0])}`);
  });
}

const held = { held: true };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// 1. Checks of the source and the web builds, side by side (each mostly one core's work).
const [, , built] = await Promise.all([
  step('types', (runStep) => runStep('npm', ['run', 'typecheck', '--silent']), held),
  vitest('contract', 'contract', [], {}, held),
  step('web build', (runStep) => buildWeb(runStep), held),
  // The Laos web app the browser tests' laos.e2e.ts serves, built as that file builds it, so that it
  // finds it up to date: built here it is off the browser tests' longest path. Under WEB_OUT_DIR that
  // file builds into a folder of its own.
  process.env.WEB_OUT_DIR
    ? undefined
    : step('web build (Laos)', (runStep) => runStep(process.execPath, ['scripts/build-web-laos.mjs']), held),
]);
const chromium = built && (await step('find Chromium', () => (ensureChromium(), 0)));

// 2. The server on the embedded database, and beside it lint and format, then the cluster. The server's
//    two workers keep 1.7 cores of two busy (their tests wait on timers, the simulated world and argon2
//    now and then): lint's 70 s of CPU and the cluster's 20 s fill that idle time there, where in step 1,
//    whose steps keep both cores busy, lint made the step that much longer, and in step 3 the cluster
//    ended the browser tests' side, the longer one. Figures, and what was tried beside it:
//    docs/decisions.md, "CI: what runs beside what".
await Promise.all([
  vitest('server on PGlite', 'server', [], { TEST_DATABASE_URL: '' }),
  (async () => {
    await step('lint and format', (runStep) => runStep('npm', ['run', 'lint', '--silent']), held);
    await cluster(held);
  })(),
]);

// 3. The browser tests keep about one core busy (Chromium, the server, the runner: 50 % of the machine,
//    sampled every 5 s over a run): they are one chain of waits (a page, its server, the runner), the
//    longest suite. Beside them, one after another, niced (they take the CPU the chain leaves rather than
//    slow it) and their output held: the server on PostgreSQL with two workers, then the web components
//    with their config's three (a worker count given on the command line does not reach a config's
//    projects), which fill both cores once the browser tests have ended. Without Chromium the server runs
//    alone, with three. Figures: docs/decisions.md, "CI: what runs beside what".
const besideBrowser = chromium ? { ...held, niceness: 10 } : {};

async function theOtherSuites() {
  // On PostgreSQL the server suites leave a third of the machine idle with two workers (their files wait
  // on the database's commits): alone, three are faster (97 s to 81 s on an idle 2-core machine).
  if (onPostgres) {
    await vitest('server on PostgreSQL', 'server', [`--maxWorkers=${chromium ? 2 : 3}`], {}, besideBrowser);
  } else console.log('\n(TEST_DATABASE_URL not set: the server suites ran on PGlite only)');
  await vitest('web components', 'web', [], {}, besideBrowser);
}

/** The cluster (HAProxy, three compiled instances, PostgreSQL and Redis): scripts/cluster.test.mjs. */
async function cluster(options = {}) {
  if (!onPostgres || !process.env.TEST_REDIS_URL) {
    console.log('\n(TEST_DATABASE_URL and TEST_REDIS_URL not both set: the cluster test was skipped)');
  } else if (!ensureHaproxy()) {
    console.log(`\n(cluster test skipped: ${HAPROXY_MISSING})`);
  } else {
    const ok = await step(
      'cluster behind HAProxy',
      (runStep) => runStep('node', ['--import', 'tsx', 'scripts/cluster.test.mjs']),
      options,
    );
    if (ok) passed += 1;
    else failed += 1;
  }
}

await Promise.all([
  chromium && vitest('browser tests', 'web', ['--config', 'e2e/vitest.config.ts']),
  theOtherSuites(),
]);

console.log('\nSummary');
for (const s of steps) console.log(`  ${s.ok ? '✓' : '✗'} ${s.name} (${s.seconds}s)`);
const stepsFailed = steps.filter((s) => !s.ok).length;
if (failures.length) console.log(`\nFailed tests\n${failures.join('\n')}`);
console.log(`\n${passed} passed, ${failed + (failed ? 0 : stepsFailed)} failed`);
process.exit(stepsFailed ? 1 : 0);
