// Two regions on one machine: `REGION=la npm start` beside a running Thai server builds the Laos web app in
// a folder of its own (web/dist/la), so the Thai site keeps every file it serves. Before, both built into
// web/dist: the Laos build emptied it and the Thai pages asked for assets that were gone (404).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { root, webDist } from '../../scripts/lib.mjs';

const base = inject('baseUrl');

/** Every file under `dir` (the build stamp aside) with a hash of its bytes. */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** The Laos build as `REGION=la npm start` makes it (scripts/lib.mjs buildWeb), built now whatever is there. */
async function buildLaos() {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_') && k !== 'WEB_OUT_DIR'),
  );
  const child = spawn(
    process.execPath,
    ['-e', "import('./scripts/lib.mjs').then(async (m) => process.exit(await m.buildWeb()))"],
    { cwd: root, stdio: 'inherit', env: { ...env, REGION: 'la' } },
  );
  const code = await new Promise((resolve) => child.on('exit', resolve));
  expect(code, 'the Laos web build').toBe(0);
}

/** The scripts and styles a page of the running server asks for, from its HTML. */
async function assetsOf(path: string) {
  const html = await (await fetch(`${base}${path}`)).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
}

// Under WEB_OUT_DIR the caller chose one folder for whatever it builds: the regions' folders are not used.
describe.skipIf(Boolean(process.env.WEB_OUT_DIR))('a Laos build beside a running Thai server', () => {
  it('[care] building the Laos web app neither removes nor changes a file of the Thai build, whose pages keep loading', async () => {
    const thai = webDist('th');
    const laos = webDist('la');
    expect(laos).not.toBe(thai);
    expect(existsSync(join(thai, 'index.html')), 'the Thai build (npm run build) is there').toBe(true);
    const before = filesOf(thai);
    const assets = await assetsOf('/login');
    expect(assets.length).toBeGreaterThan(0);

    await buildLaos();

    expect(filesOf(thai)).toEqual(before);
    // The Laos app is where the Laos server looks for it, built for Laos.
    const stamp = JSON.parse(readFileSync(join(laos, '.build-stamp.json'), 'utf8')) as {
      env: Record<string, string>;
    };
    expect(stamp.env.REGION).toBe('la');
    expect(existsSync(join(laos, 'index.html'))).toBe(true);
    // The running Thai server still serves every script and style its pages name.
    expect(await assetsOf('/login')).toEqual(assets);
    for (const asset of assets) expect((await fetch(`${base}${asset}`)).status, asset).toBe(200);
  });
});
