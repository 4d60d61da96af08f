// The language switch draws its Thai and Lao names in two tiny fonts of their own (app/fonts.css, made by
// `npm run fonts:subsets`): a name changed in LanguageSwitch.tsx without them would draw its new letters
// in the system's fonts again (empty boxes where there is none). The browser test (e2e/fonts.e2e.ts) shows
// them drawn; this says at once which letter is missing.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NATIVE_NAMES } from '../src/components/LanguageSwitch';

// jsdom's import.meta.url is no file address: the folder from __dirname, as shell.test.tsx does.
const APP = join(__dirname, '..', 'src', 'app');
const css = readFileSync(join(APP, 'fonts.css'), 'utf8');

/** The names' faces: each one's file and the code points its unicode-range lists. */
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
  .map((m) => m[1]!)
  .filter((body) => body.includes("'Krapao Language Names'"))
  .map((body) => ({
    file: /url\('\.\/([^']+)'\)/.exec(body)![1]!,
    range: /unicode-range:\s*([^;]+);/
      .exec(body)![1]!
      .split(',')
      .map((r) => parseInt(r.trim().replace(/^U\+/, ''), 16)),
  }));

describe('the language switch fonts', () => {
  it("[care] every letter of the Thai and Lao names has a face of the names' font, each file a few KB", () => {
    expect(faces).toHaveLength(2);
    const covered = new Set(faces.flatMap((f) => f.range));
    for (const lng of ['th', 'la'] as const) {
      for (const letter of NATIVE_NAMES[lng].short) {
        expect(covered.has(letter.codePointAt(0)!), `${lng}: "${letter}"`).toBe(true);
      }
    }
    for (const face of faces) expect(statSync(join(APP, face.file)).size).toBeLessThan(4 * 1024);
  });
});
