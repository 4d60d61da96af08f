// A cluster as production runs one, on this machine: HAProxy in front of several instances of the
// compiled server (server/dist/main.js, NODE_ENV=production) on one PostgreSQL and one Redis, with the
// simulated outside world as a process of its own. Used by npm run cluster, the cluster test
// (scripts/cluster.test.mjs) and npm run bench:api (BENCH_CLUSTER=1).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { freePort, listeningChild, root, startSimWorld } from './lib.mjs';

const HAPROXY_PATHS = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];
export const findHaproxy = () => [process.env.HAPROXY_PATH, ...HAPROXY_PATHS].find((p) => p && existsSync(p));

export const HAPROXY_MISSING =
  'HAProxy was not found. On Debian or Ubuntu: sudo apt-get install haproxy (or set HAPROXY_PATH).';

/** Debian's haproxy, installed with apt-get when we may (root); undefined when it is not there after. */
export function ensureHaproxy() {
  const found = findHaproxy();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("HAProxy not found: installing Debian's haproxy with apt-get ...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env });
  }
  return findHaproxy();
}

/** The compiled server, built by `npm run build` (or scripts/build-server.mjs) beforehand. */
export const compiledServer = (dist = join(root, 'server', 'dist')) => join(dist, 'main.js');

/**
 * HAProxy's configuration: round robin over the instances, each checked through GET /readyz twice a second
 * (out after two failures, so a draining or broken instance gets no one new within a second), WebSockets
 * passed through (an Upgrade is plain HTTP to HAProxy; `timeout tunnel` keeps an idle socket open), the
 * member's address in X-Forwarded-For (the instances run with TRUST_PROXY=1). A request that finds no
 * connection, or a 503 (an instance draining refuses before doing anything), is tried once more on
 * another instance; nothing else is retried here: a money request's retry is the client's, with its
 * Idempotency-Key. The example in docs/deploy.md is this one with TLS.
 */
export function haproxyConfig({ port, instances, host = '127.0.0.1', adminSocket }) {
  return `global
  maxconn 4096
${adminSocket ? `  stats socket ${adminSocket} mode 600 level admin\n` : ''}
defaults
  mode http
  option forwardfor
  option redispatch
  retries 2
  retry-on conn-failure 503
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-keep-alive 10s

frontend krapao
  bind ${host}:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${instances.map((p, i) => `  server instance${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}

/** Resolves when `ready()` answers true; rejects after `ms`, naming `what`. */
async function waitFor(what, ready, ms = 60_000, every = 100) {
  const until = Date.now() + ms;
  for (;;) {
    if (await ready()) return;
    if (Date.now() > until) throw new Error(`${what} did not happen within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, every));
  }
}

const answers = (url, status = 200) =>
  fetch(url).then(
    (r) => r.status === status,
    () => false,
  );

/**
 * Starts the cluster. `databaseUrl` and `redisUrl` are required (PGlite cannot be shared); `env` goes to
 * every instance; `secrets` (the webhook and game secrets the simulated world shares) are made up unless
 * given. Answers the load balancer's URL, the instances (each can be stopped with a signal and
 * started again, on a port of its own that the load balancer is told), lbServers() (the instances as the
 * load balancer sees them) and stop(), which ends everything it started.
 */
export async function startCluster({
  databaseUrl,
  redisUrl,
  instances: count = 3,
  env = {},
  serverJs = compiledServer(),
  quiet = true,
  port,
  secrets: given = {},
}) {
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error(HAPROXY_MISSING);
  if (!existsSync(serverJs)) throw new Error(`${serverJs} is missing: run npm run build first.`);
  const dir = mkdtempSync(join(tmpdir(), 'krapao-cluster-'));
  const lbPort = port ?? (await freePort());
  const lbUrl = `http://127.0.0.1:${lbPort}`;
  const secrets = {
    BANK_FEED_SECRET: randomBytes(24).toString('hex'),
    QR_GATEWAY_SECRET: randomBytes(24).toString('hex'),
    GAMES_SECRET: randomBytes(24).toString('hex'),
    APP_SECRET: randomBytes(32).toString('hex'),
    ...given,
  };
  const started = [];
  const stopAll = async () => {
    for (const s of started.reverse()) await s.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The outside world calls the cluster back through the load balancer, as a bank's webhook would.
    const world = await startSimWorld({ KRAPAO_URL: lbUrl, ...secrets });
    started.push(world);
    const shared = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SIMULATE: '1',
      SIM_URL: world.base,
      PUBLIC_URL: lbUrl,
      TRUST_PROXY: '1',
      // Reports and their files live in the database or the bucket; this folder is the instances' own.
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: quiet ? 'warn' : 'info',
      ...secrets,
      ...env,
    };
    // Until the load balancer runs, an instance's port is written into its configuration; after, a
    // restarted instance is moved to its new port through HAProxy's runtime API.
    const adminSocket = join(dir, 'haproxy.sock');
    let lbRunning = false;
    const placed = (name, at) =>
      lbRunning
        ? haproxyCommand(
            adminSocket,
            `set server instances/${name} addr 127.0.0.1 port ${at}`,
            /changed|^\s*$/,
          )
        : undefined;
    const nodes = Array.from({ length: count }, (_, i) =>
      instance(`instance${i + 1}`, serverJs, shared, quiet, placed),
    );
    // One first, so that it migrates alone; the others find nothing to do (migrate also takes a lock).
    await nodes[0].start();
    await Promise.all(nodes.slice(1).map((n) => n.start()));
    started.push({ stop: () => Promise.all(nodes.map((n) => n.stop('SIGTERM'))) });

    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig({ port: lbPort, instances: nodes.map((n) => n.port), adminSocket }));
    const check = spawnSync(haproxy, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy -c failed:\n${check.stdout}${check.stderr}`);
    const lb = spawn(haproxy, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lbLog = '';
    lb.stdout.on('data', (d) => (lbLog += d));
    lb.stderr.on('data', (d) => (lbLog += d));
    started.push({
      stop: async () => {
        if (lb.exitCode !== null || lb.signalCode !== null) return;
        lb.kill('SIGTERM');
        await new Promise((r) => lb.once('exit', r));
      },
    });
    await waitFor('the load balancer answering /readyz', () => answers(`${lbUrl}/readyz`)).catch((err) => {
      throw new Error(`${err.message}\n${lbLog}`);
    });
    lbRunning = true;
    /** The instances as the load balancer sees them: name, address and whether it sends them requests. */
    const lbServers = async () => {
      const [header, ...rows] = (await haproxyCommand(adminSocket, 'show stat', /^# pxname/))
        .replace(/^# /, '')
        .trim()
        .split('\n')
        .map((line) => line.split(','));
      const at = (row, column) => row[header.indexOf(column)];
      return rows
        .filter((row) => at(row, 'pxname') === 'instances' && at(row, 'svname') !== 'BACKEND')
        .map((row) => ({ name: at(row, 'svname'), addr: at(row, 'addr'), up: at(row, 'status') === 'UP' }));
    };
    return {
      lbUrl,
      simUrl: world.base,
      secrets,
      configFile: cfg,
      instances: nodes,
      lbServers,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/**
 * One instance of the compiled server: started, stopped with a signal, started again. Each start takes a
 * port found free (lib.mjs, listeningChild: another after EADDRINUSE, up only once it is the one
 * listening), and `placed(name, port)` then tells the load balancer where the instance is now: a port
 * kept by its number while the instance was down could be taken by any process meanwhile.
 */
function instance(name, serverJs, env, quiet, placed) {
  let started;
  return {
    name,
    get port() {
      return started?.port;
    },
    get base() {
      return started?.base;
    },
    async start() {
      started = await listeningChild({
        what: name,
        args: ['--enable-source-maps', serverJs],
        env: (port) => ({ ...env, PORT: String(port) }),
        probe: '/readyz',
        timeoutMs: 60_000,
        onStderr: quiet ? undefined : (d) => process.stderr.write(`[${name}] ${d}`),
      });
      await placed(name, started.port);
    },
    /** Sends the signal and waits for the exit; answers the exit code (null after SIGKILL). */
    stop: async (signal = 'SIGTERM') => (started ? started.stop(signal) : null),
  };
}

/**
 * One command to HAProxy's runtime API (its admin socket); answers its reply, or fails with it when the
 * reply is not the one `expected` matches.
 */
function haproxyCommand(socket, command, expected) {
  return new Promise((resolve, reject) => {
    let reply = '';
    const conn = createConnection(socket, () => conn.end(`${command}\n`));
    conn.setEncoding('utf8');
    conn.on('data', (d) => (reply += d));
    conn.on('error', reject);
    conn.on('close', () =>
      expected.test(reply)
        ? resolve(reply)
        : reject(new Error(`HAProxy refused "${command}": ${reply.trim() || 'no reply'}`)),
    );
  });
}
