// The server as plain JavaScript for production (npm run build; npm run start:prod runs it): server/src and
// the contract it imports bundled by esbuild into server/dist, npm packages left to node_modules. What the
// server reads beside its code at run time is copied next to it:
// - dist/main.js (the entry) and its chunks, flat in dist/, so that `new URL('./x', import.meta.url)` in any
//   of them finds x; the simulated world, loaded by a dynamic import only under SIMULATE (simulated-world.ts),
//   stays a chunk of its own that a production start never reads;
// - dist/qr-worker.mjs: the slip QR worker thread, compiled (the source's qr-worker.mjs loads it through tsx);
// - dist/migrations and dist/functions: the SQL files db/migrate.ts reads beside itself.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { root } from './lib.mjs';

const src = join(root, 'server', 'src');
export const serverDist = () => join(root, 'server', 'dist');

/** Workspace packages (@krapao/*, TypeScript sources) are bundled in; every other package stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@krapao/') ? undefined : { path: args.path, external: true },
    );
  },
};

const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces name the functions as the source does.
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
};

/** Builds the server into outDir (server/dist by default), replacing what was there. */
export async function buildServer(outDir = serverDist()) {
  rmSync(outDir, { recursive: true, force: true });
  await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: { main: join(src, 'main.ts') },
      outdir: outDir,
      splitting: true,
      chunkNames: '[name]-[hash]',
    }),
    esbuild.build({
      ...common,
      entryPoints: { 'qr-worker': join(src, 'modules', 'slips', 'qr-worker.ts') },
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
    }),
  ]);
  for (const dir of ['migrations', 'functions']) {
    cpSync(join(src, 'db', dir), join(outDir, dir), { recursive: true, filter: sqlOrFolder });
  }
  return outDir;
}

const sqlOrFolder = (path) => !/\.[a-z]+$/.test(path) || path.endsWith('.sql');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const out = await buildServer();
  console.log(`server built into ${out} in ${Date.now() - started} ms`);
}
