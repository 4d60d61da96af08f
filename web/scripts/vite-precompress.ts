import { readdirSync, statSync, type Stats } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// Text that compresses; pictures and fonts (woff2) are compressed already.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function* filesUnder(dir: string): Generator<[string, Stats]> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const s = statSync(path);
    if (s.isDirectory()) yield* filesUnder(path);
    else yield [path, s];
  }
}

const isFresh = (path: string, source: Stats) => {
  try {
    return statSync(path).mtimeMs >= source.mtimeMs;
  } catch {
    return false;
  }
};

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every text file of the build, once, so the server
 * sends the smallest one the browser takes without compressing per request (server/src/http/web.ts).
 * A compressed copy that would not be smaller is not written; the plain file is sent instead.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'krapao-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Array<Promise<void>> = [];
      for (const [path, stat] of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(path) || isFresh(`${path}.br`, stat)) continue;
        jobs.push(
          (async () => {
            const bytes = await readFile(path);
            const [br, gzipped] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gz(bytes, { level: 9 }),
            ]);
            // A copy from an earlier build must not outlive the file it was made from.
            const keep = (file: string, data: Buffer) =>
              data.length < bytes.length ? writeFile(file, data) : rm(file, { force: true });
            await Promise.all([keep(`${path}.br`, br), keep(`${path}.gz`, gzipped)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
