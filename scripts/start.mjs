// npm start: build the web app when needed, then run the server with the embedded database under
// ./data and the simulated outside world on. PORT, REGION, DATABASE_URL... pass through.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb, root, webBuildIsStale } from './lib.mjs';

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

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    SIMULATE: '1',
    DATA_DIR: dataDir,
    OPS_TOKEN: opsToken,
    WEB_DIST: join(root, 'web/dist'),
    // A readable console for the demo; LOG_LEVEL=info shows every request.
    LOG_LEVEL: 'warn',
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
