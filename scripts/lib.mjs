// Small helpers shared by the scripts: run a command, find Chromium, know when the web build is stale.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

/**
 * Runs a command in the repository; answers its exit code. Its output goes to ours, or, with
 * `opts.output` (an array), is pushed there, stdout and stderr interleaved and without colour, for a
 * caller that prints it later in one piece.
 */
export function run(cmd, args, { output, ...opts } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      ...opts,
      env: { ...process.env, ...(output ? { FORCE_COLOR: '0' } : {}), ...opts.env },
    });
    child.stdout?.on('data', (d) => output.push(String(d)));
    child.stderr?.on('data', (d) => output.push(String(d)));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
export const findChromium = () =>
  [process.env.CHROMIUM_PATH, ...CHROMIUM_PATHS].find((p) => p && existsSync(p));

/** Debian's chromium, installed with apt-get when we may (root); otherwise a message that says what to do. */
export function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium with apt-get ...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
    found = findChromium();
    if (found) return found;
  }
  throw new Error(
    'The browser tests need Chromium and none was found.\n' +
      '  On Debian or Ubuntu: sudo apt-get install chromium\n' +
      '  Or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(path).map((n) => (n === 'node_modules' ? 0 : newestMtime(join(path, n)))),
  );
}

/** The region the web app is built for: VITE_REGION, else the server's REGION, else Thailand (SH-3). */
export const webRegion = () => ((process.env.VITE_REGION || process.env.REGION) === 'la' ? 'la' : 'th');

/**
 * The built web app: web/dist/<region> (th or la), or WEB_OUT_DIR when set (see web/vite.config.ts). Each
 * region has its own folder, so `REGION=la npm start` beside a running Thai server builds beside the Thai
 * app instead of over it (the Thai pages would ask for assets the Lao build had removed).
 */
export const webDist = (region = webRegion()) => process.env.WEB_OUT_DIR || join(root, 'web', 'dist', region);
const stampPath = () => join(webDist(), '.build-stamp.json');
/** The build settings that change the web bundle (SH-2, SH-3). */
export const webBuildEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('VITE_') || k === 'REGION'));

/** True when the region's web build is missing, older than its sources, or built with other settings. */
export function webBuildIsStale() {
  if (!existsSync(stampPath())) return true;
  const stamp = JSON.parse(readFileSync(stampPath(), 'utf8'));
  const sources = [
    'web/src',
    'web/index.html',
    'web/public',
    'web/.env',
    'web/vite.config.ts',
    'web/scripts',
    'contract/src',
  ];
  const newest = Math.max(...sources.map((p) => newestMtime(join(root, p))));
  return newest > stamp.builtAt || JSON.stringify(stamp.env) !== JSON.stringify(webBuildEnv());
}

/** Builds the web app of this process's region; `runCommand` is lib's run unless the caller holds output. */
export async function buildWeb(runCommand = run) {
  const env = webBuildEnv();
  // REGION=la on the server means a Laos build of the web too.
  // The folder is named here, so that web/vite.config.ts and webDist() never disagree.
  const viteEnv = {
    ...(env.REGION && !env.VITE_REGION ? { VITE_REGION: env.REGION } : {}),
    WEB_OUT_DIR: webDist(),
  };
  const code = await runCommand('npm', ['run', 'build', '-w', 'web', '--silent'], { env: viteEnv });
  if (code !== 0) return code;
  const { writeFileSync } = await import('node:fs');
  writeFileSync(stampPath(), JSON.stringify({ builtAt: Date.now(), env }));
  return 0;
}

/** A free TCP port on the loopback address. */
export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Whether process `pid` is the one listening on TCP `port` (Linux: its socket's inode, from /proc/net/tcp
 * and tcp6, among the process's open files). A port freePort() found free may be taken by anyone before
 * a child binds it (another test's server, an outgoing connection's local port): the child then fails to
 * start, and the other process answers in its place. Elsewhere, without /proc, it answers true.
 */
export function listensOn(pid, port) {
  if (!existsSync('/proc/net/tcp')) return true;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      // sl local_address rem_address st ... inode; st 0A is LISTEN.
      const f = line.trim().split(/\s+/);
      if (f[3] === '0A' && f[1]?.endsWith(`:${hexPort}`)) inodes.add(`socket:[${f[9]}]`);
    }
  }
  if (inodes.size === 0) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false; // closed meanwhile
      }
    });
  } catch {
    return false; // the process is gone
  }
}

/**
 * Fills an empty folder with an embedded database that PGlite has initialised and nothing else has
 * touched, copied from one made once per PGlite version in the system's temporary folder. Opened on an
 * empty folder, PGlite runs initdb first: 4.6 s on disk on stop 42's machine, against 0.3 s for the copy
 * and 0.6 s to open it; the browser tests start four servers, each on a folder of its own. What the server
 * does with it next is what it does with any folder: it migrates and seeds.
 */
export async function initPgliteDataDir(dir) {
  cpSync(await pgliteClusterTemplate(), dir, { recursive: true });
}

async function pgliteClusterTemplate() {
  // Where npm put it: hoisted to the root, or the server's own (import.meta.resolve is not in vitest).
  const pkg = [root, join(root, 'server')]
    .map((dir) => join(dir, 'node_modules', '@electric-sql', 'pglite', 'package.json'))
    .find((file) => existsSync(file));
  if (!pkg) throw new Error('@electric-sql/pglite is not installed: run npm ci');
  const { version } = JSON.parse(readFileSync(pkg, 'utf8'));
  const template = join(tmpdir(), `krapao-pglite-cluster-${version}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  // Made beside it and renamed into place once closed, so that no process ever copies a half-made one.
  const making = mkdtempSync(`${template}-making-`);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = new PGlite({ dataDir: making });
    await pg.waitReady;
    await pg.close();
    renameSync(making, template);
  } catch (err) {
    // Another process put its own there first (the rename found the folder there): that one serves.
    if (!existsSync(join(template, 'PG_VERSION'))) throw err;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

/**
 * Starts the real server for a browser test or a benchmark: a free port, the simulated outside world, the
 * built web app, and a fresh embedded database in a temporary folder unless env.DATABASE_URL says otherwise.
 * Answers once the server answers; stop() ends it and removes the folder.
 */
export async function startServer(env = {}, opts = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'krapao-server-'));
  // On the embedded database, an initialised cluster in the folder it opens (initPgliteDataDir).
  const folder = env.DATA_DIR ?? dataDir;
  if (!env.DATABASE_URL && (!existsSync(folder) || readdirSync(folder).length === 0)) {
    await initPgliteDataDir(folder);
  }
  const server = await listeningChild({
    what: 'the server',
    args: [...(opts.nodeArgs ?? []), '--import', 'tsx', join(root, 'server/src/main.ts')],
    env: (port) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      SIMULATE: '1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist(),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    }),
    port: env.PORT ? Number(env.PORT) : undefined,
    probe: '/api/lookup/active',
    timeoutMs: 60_000,
  }).catch((err) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  return {
    base: server.base,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The simulated outside world in its own process (server/src/sim/main.ts), for a server started with
 * SIM_URL = the answer's `base`: then the bank and gateways do not share the server's event loop.
 */
export async function startSimWorld(env, opts = {}) {
  const world = await listeningChild({
    what: 'the simulated world',
    args: [...(opts.nodeArgs ?? []), '--import', 'tsx', join(root, 'server/src/sim/main.ts')],
    env: (port) => ({ SIM_PORT: String(port), HOST: '127.0.0.1', ...env }),
    probe: '/sim/bank/payouts',
    timeoutMs: 30_000,
  });
  return {
    base: `${world.base}/sim`,
    stop: async () => {
      await world.stop();
    },
  };
}

/**
 * Starts a Node process that listens on 127.0.0.1 at the port `env(port)` gives it (`port`, else a free
 * one) and answers once GET `probe` is 200 and the child is the one listening there (listensOn). A port
 * found free may be taken before the child binds it: then the child exits with EADDRINUSE and, unless the
 * port was given, it starts again on another (three tries). `onStderr` sees the child's errors as they
 * come (they are in `log()` and a failed start's error too). Answers the child, its port and base URL,
 * what it printed, and stop(signal), which waits for its exit and answers the exit code.
 */
export async function listeningChild({
  what,
  args,
  env,
  port: given,
  probe,
  timeoutMs,
  cwd = root,
  onStderr,
}) {
  for (let attempt = 1; ; attempt++) {
    const port = given ?? (await freePort());
    const child = spawn(process.execPath, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env(port) },
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => {
      log += d;
      onStderr?.(d);
    });
    const closed = new Promise((r) => child.once('close', r));
    const base = `http://127.0.0.1:${port}`;
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    const stop = async (signal = 'SIGTERM') => {
      if (!exited()) {
        const exit = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exit;
      }
      return child.exitCode;
    };
    const deadline = Date.now() + timeoutMs;
    while (!exited() && Date.now() < deadline) {
      const up = await fetch(`${base}${probe}`).then(
        (r) => r.ok,
        () => false, // not listening yet
      );
      if (up && listensOn(child.pid, port)) return { child, port, base, log: () => log, stop };
      await new Promise((r) => setTimeout(r, 200));
    }
    if (exited() && given === undefined && attempt < 3) {
      await closed; // all it printed
      if (/EADDRINUSE/.test(log)) continue;
    }
    await stop();
    throw new Error(`${what} did not start:\n${log}`);
  }
}

/** The flags our headless Chromium runs with: no sandbox (root), no GPU, no calls to the outside. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Debian's Chromium, headless, with a fresh profile folder, at a phone's size unless told otherwise;
 * `locale` (e.g. 'lo-LA') is the browser's own language, as if started with --lang; `serviceWorkers: 'block'`
 * keeps the app's worker from answering requests a test counts or holds back.
 */
export async function launchChromium(opts = {}) {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'krapao-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: ensureChromium(),
    headless: true,
    viewport: opts.viewport ?? { width: 390, height: 844 },
    deviceScaleFactor: 1,
    ...(opts.locale ? { locale: opts.locale } : {}),
    ...(opts.serviceWorkers ? { serviceWorkers: opts.serviceWorkers } : {}),
    args: [...CHROMIUM_ARGS, ...(opts.locale ? [`--lang=${opts.locale}`] : [])],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * What this machine charges for the first touch of a memory page, in microseconds (the median of three
 * passes over 128 MB of fresh memory). A few tenths on an ordinary machine; 12 to 16 on the virtual
 * machine of 2026-11-29, where every process that takes fresh memory (Chromium above all, PGlite, a new
 * PostgreSQL backend) was several times slower than the CPU alone would make it, and Lighthouse's
 * benchmarkIndex did not show it. The benchmarks print it beside their figures.
 */
export function pageTouchMicros() {
  const bytes = 128 * 1024 * 1024;
  const page = 4096;
  const passes = [];
  for (let pass = 0; pass < 3; pass++) {
    const started = process.hrtime.bigint();
    const memory = new Uint8Array(bytes);
    for (let i = 0; i < bytes; i += page) memory[i] = 1;
    passes.push(Number(process.hrtime.bigint() - started) / 1000 / (bytes / page));
  }
  return passes.sort((a, b) => a - b)[1];
}

/** The line the benchmarks print about the machine (pageTouchMicros), before they measure. */
export const machineLine = () =>
  `machine: the first touch of a memory page costs ${pageTouchMicros().toFixed(2)} us (an ordinary machine: under 1)`;
