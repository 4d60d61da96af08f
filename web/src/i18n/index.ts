import { LOCALES, type Locale } from '@krapao/contract';
import { defaultLocale, siteDescriptionSetting } from '../lib/config';
import { setMetaDescription } from '../lib/document-meta';
import { readItem, STORAGE_KEYS, writeItem } from '../lib/storage';
import { Translator } from './translator';

type Json = Record<string, unknown>;
type Loader = () => Promise<{ default: Json }>;

// Each language comes in four parts: the UI texts /login shows at once (first-paint.ts), those a
// member's first screen adds, the other screens' texts, and the error texts (under `errors.`). The
// first parts of all three languages (about 1 KB gzip each) come with the page itself, so the first
// screen waits for no round trip of its own; of the rest only the active language is fetched (a chunk
// per file).
const firstPaintFiles = import.meta.glob<{ default: Json }>('./locales/*.json', {
  query: '?first-paint',
  eager: true,
});
const memberFiles = import.meta.glob<{ default: Json }>('./locales/*.json', { query: '?member' });
const laterFiles = import.meta.glob<{ default: Json }>('./locales/*.json', { query: '?later' });
const errorFiles = import.meta.glob<{ default: Json }>('./errors/*.json');

export const i18n = new Translator();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** SH-1: the saved choice, else the build's default. */
export function initialLocale(): Locale {
  const saved = readItem(STORAGE_KEYS.locale);
  return isLocale(saved) ? saved : defaultLocale();
}

const firstPaintTexts = new Map<Locale, Json>();
const memberTexts = new Map<Locale, Json>();
const laterTexts = new Map<Locale, { ui: Json; errors: Json }>();
let memberTextsWanted = false;
let laterTextsWanted = false;

function publish(lng: Locale) {
  const later = laterTexts.get(lng);
  i18n.addResourceBundle(lng, {
    ...firstPaintTexts.get(lng),
    ...memberTexts.get(lng),
    ...later?.ui,
    errors: later?.errors ?? {},
  });
}

async function loadBundle(lng: Locale): Promise<void> {
  if (!firstPaintTexts.has(lng)) {
    firstPaintTexts.set(lng, firstPaintFiles[`./locales/${lng}.json`]?.default ?? {});
    publish(lng);
  }
  if (laterTextsWanted) await loadLaterTexts(lng);
  else if (memberTextsWanted) await loadMemberTexts(lng);
}

const loadPart = (files: Record<string, () => Promise<unknown>>, path: string) =>
  (files[path] as Loader | undefined)?.()
    .then((m) => m.default)
    .catch(() => ({}));

/**
 * The texts a member's first screen adds to /login's (first-paint.ts), fetched once: they come with the
 * member shell and the home (app/screen-loads.ts), the rest once that screen is done.
 */
export async function loadMemberTexts(lng: Locale = currentLocale()): Promise<void> {
  memberTextsWanted = true;
  if (memberTexts.has(lng)) return;
  const ui = (await loadPart(memberFiles, `./locales/${lng}.json`)) ?? {};
  if (memberTexts.has(lng)) return;
  memberTexts.set(lng, ui);
  publish(lng);
}

/**
 * The texts of a language beyond what /login shows at once: the other screens' and the error texts
 * (ERR-1), fetched once. They come with every other screen's chunk (app/screen-loads.ts), after a
 * member's first screen and when the member starts on the login form. A file that fails to load shows
 * keys or raw codes, never breaks a screen.
 */
export async function loadLaterTexts(lng: Locale = currentLocale()): Promise<void> {
  laterTextsWanted = true;
  if (laterTexts.has(lng)) return;
  const [ui = {}, errors = {}] = await Promise.all([
    loadPart(laterFiles, `./locales/${lng}.json`),
    loadPart(errorFiles, `./errors/${lng}.json`),
    loadMemberTexts(lng),
  ]);
  if (laterTexts.has(lng)) return;
  laterTexts.set(lng, { ui, errors });
  publish(lng);
}

function applyDocumentLanguage(lng: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng === 'la' ? 'lo' : lng;
  // SH-2: the description follows the language: the deployment's text for it, else ours.
  setMetaDescription(siteDescriptionSetting(lng) ?? i18n.t('site.description'));
}

/** `firstPaintOnly` leaves the later texts to loadLaterTexts (the app's entry does, for /login). */
export async function initI18n(
  lng: Locale = initialLocale(),
  { firstPaintOnly = false } = {},
): Promise<typeof i18n> {
  if (!firstPaintOnly) laterTextsWanted = true;
  await loadBundle(lng);
  await i18n.changeLanguage(lng);
  applyDocumentLanguage(lng);
  return i18n;
}

/** SH-1: switch at any time; the choice is kept in the browser. */
export async function changeLocale(lng: Locale): Promise<void> {
  await loadBundle(lng);
  await i18n.changeLanguage(lng);
  writeItem(STORAGE_KEYS.locale, lng);
  applyDocumentLanguage(lng);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : defaultLocale();
}

/** ERR-1: a server code as text, the raw message when nobody translated it. */
export function errorText(code: string): string {
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key) : code;
}
