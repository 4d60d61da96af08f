// The operator's command line (scripts/ops.mjs) against a server that is not where it looks: one clear
// line that says where it looked and what to do (OPS_URL), no stack trace; and OPS_URL reaches a server
// on another port.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

const OPS = 'operator-token-for-ops-cli-tests';
const t = useTestApp({ OPS_TOKEN: OPS });
const root = join(import.meta.dirname, '..', '..');

function ops(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts/ops.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** A port nothing listens on: one the system gave and took back. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run ops', () => {
  it('[ops] a server that cannot be reached is one clear message naming OPS_URL, exit 1, no stack trace', async () => {
    const port = await closedPort();
    const run = await ops(['actions'], { OPS_URL: `http://127.0.0.1:${port}`, OPS_TOKEN: OPS });
    expect(run.code).toBe(1);
    expect(run.err).toContain(`Cannot reach the Krapao server at http://127.0.0.1:${port}`);
    expect(run.err).toContain('OPS_URL');
    expect(run.err).not.toMatch(/^\s+at /m);
  });

  it('[ops] OPS_URL reaches a server on another port than 3000', async () => {
    // The test app listens on a free port (test/helpers.ts), never 3000.
    const { port } = t.app.server.address() as { port: number };
    expect(port).not.toBe(3000);
    const run = await ops(['actions'], { OPS_URL: `http://127.0.0.1:${port}`, OPS_TOKEN: OPS });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
  });

  it('[ops] the README lists every ops command', () => {
    const script = readFileSync(join(root, 'scripts/ops.mjs'), 'utf8');
    const commands = [...script.matchAll(/^ {2}'?([a-z-]+)'?: \(\) =>/gm)].map((m) => m[1]!);
    commands.push('audit-verify');
    expect(commands.length).toBeGreaterThan(30);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('npm run ops -- <command>'));
    expect(commands.filter((c) => !new RegExp(`\`${c}[\` ]`).test(section))).toEqual([]);
  });
});
