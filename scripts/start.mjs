// npm start: build the web app when needed, then run the server (in this process) with the embedded
// database under ./data and the simulated outside world on. PORT, REGION, DATABASE_URL... pass through.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setInterval } from 'node:timers';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { buildWeb, root, webBuildIsStale, webDist } from './lib.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app ...');
  const code = await buildWeb();
  if (code !== 0) process.exit(code);
}

// The operator API's token for this installation, kept beside the data so `npm run ops` finds it.
const dataDir = process.env.DATA_DIR ?? join(root, 'data');
const tokenFile = join(dataDir, '.ops-token');
if (!process.env.OPS_TOKEN && !existsSync(tokenFile)) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(tokenFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
}
const opsToken = process.env.OPS_TOKEN ?? readFileSync(tokenFile, 'utf8').trim();

// The server runs in this very process (not a child), so killing the pid `npm start` started, even with
// SIGKILL, stops the server and frees the port. Settings the caller gave win over these defaults.
const defaults = {
  SIMULATE: '1',
  DATA_DIR: dataDir,
  OPS_TOKEN: opsToken,
  WEB_DIST: webDist(),
  // A readable console for the demo; LOG_LEVEL=info shows every request.
  LOG_LEVEL: 'warn',
};
for (const [key, value] of Object.entries(defaults)) process.env[key] ??= value;
process.chdir(root);

// Under npm, `npm start` is the member's handle on the server: npm runs us through `sh -c`, so when that
// shell or npm itself is killed (kill -9 leaves us adopted by another parent), stop rather than hold the
// port as an orphan.
if (process.env.npm_lifecycle_event) {
  const watched = parentAndGrandparent();
  setInterval(() => {
    if (!watched.every(isAlive)) process.kill(process.pid, 'SIGTERM');
  }, 1000).unref();
}

register();
await import(pathToFileURL(join(root, 'server/src/main.ts')).href);

/** Our parent and, where /proc tells (Linux), its parent. */
function parentAndGrandparent() {
  const pids = [process.ppid];
  try {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    // "pid (command) state ppid ...": the command may hold spaces, so read after its last ')'.
    const grandparent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (grandparent > 1) pids.push(grandparent);
  } catch {
    // No /proc: the parent alone.
  }
  return pids;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
