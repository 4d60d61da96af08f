// npm run fonts:subsets: the language switch's names ("ไทย", "ລາວ") as two tiny fonts of their own,
// web/src/app/fonts/language-names-{thai,lao}.woff2 (about 2 KB each), cut from the same Noto Sans files
// the app ships (@fontsource-variable) with Debian's fonttools (pyftsubset). Every page shows both names,
// whatever its language: with the full fonts, a Thai page would fetch all of Noto Sans Lao (21 KB) for
// three letters, and without them a phone without Thai or Lao system fonts shows empty boxes. The files
// are committed (web/src/app/fonts.css loads them); run this again when a name in
// web/src/components/LanguageSwitch.tsx changes (web/test/language-switch-fonts.test.ts says so).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';

/** Each subset: the package file it is cut from and the text it must draw (the switch's short names). */
const SUBSETS = [
  {
    out: 'language-names-thai.woff2',
    from: '@fontsource-variable/noto-sans-thai/files/noto-sans-thai-thai-wght-normal.woff2',
    text: 'ไทย',
  },
  {
    out: 'language-names-lao.woff2',
    from: '@fontsource-variable/noto-sans-lao/files/noto-sans-lao-lao-wght-normal.woff2',
    text: 'ລາວ',
  },
];

const PYFTSUBSET_PATHS = ['/usr/bin/pyftsubset'];

/** Debian's pyftsubset (package fonttools, with python3-brotli for WOFF2), installed when we may (root). */
function ensurePyftsubset() {
  const find = () => [process.env.PYFTSUBSET_PATH, ...PYFTSUBSET_PATHS].find((p) => p && existsSync(p));
  let found = find();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("pyftsubset not found: installing Debian's fonttools with apt-get ...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const packages = ['fonttools', 'python3-brotli'];
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
      stdio: 'inherit',
      env,
    });
    found = find();
    if (found) return found;
  }
  throw new Error(
    'fonts:subsets needs pyftsubset and none was found.\n' +
      '  On Debian or Ubuntu: sudo apt-get install fonttools python3-brotli\n' +
      '  Or point PYFTSUBSET_PATH at a pyftsubset that writes WOFF2.',
  );
}

const pyftsubset = ensurePyftsubset();
const require = createRequire(join(root, 'web', 'package.json'));
const outDir = join(root, 'web', 'src', 'app', 'fonts');
mkdirSync(outDir, { recursive: true });
for (const subset of SUBSETS) {
  const out = join(outDir, subset.out);
  // Every weight stays (the variable font's axis); only the glyphs of the text, and what shapes them.
  const r = spawnSync(
    pyftsubset,
    [
      require.resolve(subset.from),
      `--text=${subset.text}`,
      '--layout-features=*',
      '--flavor=woff2',
      `--output-file=${out}`,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`pyftsubset ${subset.out}\n${r.stderr}`);
  console.log(`${subset.out}: "${subset.text}", ${statSync(out).size} bytes`);
}
