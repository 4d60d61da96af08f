import { ERROR_CODES, LOCALES } from '@krapao/contract';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en.json';
import la from '../src/i18n/locales/la.json';
import th from '../src/i18n/locales/th.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const LAO = /[\u0E80-\u0EFF]/;
const THAI = /[\u0E00-\u0E7F]/;
const errorFiles = import.meta.glob<Record<string, string>>('../src/i18n/errors/*.json', {
  eager: true,
  import: 'default',
});

describe('UI strings', () => {
  const enKeys = flatten(en as Tree);

  it.each([
    ['th', th],
    ['la', la],
  ])('[SH-1] every key of en.json exists in %s.json, with text', (_lng, strings) => {
    const other = flatten(strings as Tree);
    for (const key of enKeys.keys()) expect(other.get(key), key).toBeTruthy();
    for (const [key, text] of other) {
      const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(placeholders(text), key).toEqual(placeholders(enKeys.get(key) ?? ''));
    }
  });

  it('[SH-1] Lao strings are written in Lao script, never Thai', () => {
    for (const [key, text] of flatten(la as Tree)) {
      expect(THAI.test(text), `${key}: ${text}`).toBe(false);
      expect(LAO.test(text), `${key}: ${text}`).toBe(true);
    }
  });

  it('[SH-1] Thai strings are written in Thai script', () => {
    for (const [key, text] of flatten(th as Tree)) expect(LAO.test(text), key).toBe(false);
    expect([...flatten(th as Tree).values()].filter((t) => THAI.test(t)).length).toBeGreaterThan(
      enKeys.size * 0.9,
    );
  });
});

describe('error translations', () => {
  it.each(LOCALES)('[ERR-2] every code of the catalogue has a non-empty translation in %s', (lng) => {
    const file = errorFiles[`../src/i18n/errors/${lng}.json`];
    expect(file, `errors/${lng}.json`).toBeDefined();
    for (const code of ERROR_CODES) expect(file?.[code]?.trim(), `${lng}: ${code}`).toBeTruthy();
  });

  it('[ERR-2] Lao error texts use Lao script, never Thai', () => {
    const file = errorFiles['../src/i18n/errors/la.json'] ?? {};
    for (const [code, text] of Object.entries(file)) expect(THAI.test(text), code).toBe(false);
  });
});

describe('the translator', () => {
  it('[trust-11] a bundle that only adds texts nobody asked for re-renders nothing; a missing text arriving re-renders', async () => {
    const { Translator } = await import('../src/i18n/translator');
    const i18n = new Translator();
    let renders = 0;
    i18n.subscribe(() => (renders += 1));
    i18n.addResourceBundle('en', { home: { hello: 'Hello' } });
    await i18n.changeLanguage('en');
    expect(renders).toBe(1);
    expect(i18n.t('home.hello')).toBe('Hello');

    // The next part of the language (a member's other screens): nothing shown asked for it.
    i18n.addResourceBundle('en', { home: { hello: 'Hello' }, statement: { title: 'Statement' } });
    expect(renders).toBe(1);
    // Another language's texts change nothing on screen either.
    i18n.addResourceBundle('th', { home: { hello: 'สวัสดี' } });
    expect(renders).toBe(1);

    // A text shown as its key until its part arrives: the part's arrival re-renders.
    expect(i18n.t('errors.UNAUTHORIZED')).toBe('errors.UNAUTHORIZED');
    expect(i18n.exists('errors.GONE')).toBe(false);
    i18n.addResourceBundle('en', { home: { hello: 'Hello' }, errors: { UNAUTHORIZED: 'Please log in.' } });
    expect(renders).toBe(2);
    expect(i18n.t('errors.UNAUTHORIZED')).toBe('Please log in.');
    // A switch of language always re-renders.
    await i18n.changeLanguage('th');
    expect(renders).toBe(3);
  });
});
