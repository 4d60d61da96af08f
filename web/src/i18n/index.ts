import { LOCALES, type Locale } from '@krapao/contract';
import { defaultLocale, siteDescriptionSetting } from '../lib/config';
import { setMetaDescription } from '../lib/document-meta';
import { readItem, STORAGE_KEYS, writeItem } from '../lib/storage';
import { Translator } from './translator';

type Json = Record<string, unknown>;
type Loader = () => Promise<{ default: Json }>;

// Only the active language is fetched (a chunk per file), so /login does not ship three of them.
// The error texts belong to the translator; a missing file only means raw codes are shown (ERR-1).
const uiFiles = import.meta.glob<{ default: Json }>('./locales/*.json');
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

async function loadBundle(lng: Locale): Promise<void> {
  if (i18n.hasResourceBundle(lng)) return;
  const ui = uiFiles[`./locales/${lng}.json`] as Loader | undefined;
  const errors = errorFiles[`./errors/${lng}.json`] as Loader | undefined;
  const [uiModule, errorModule] = await Promise.all([ui?.(), errors?.().catch(() => undefined)]);
  i18n.addResourceBundle(lng, {
    ...(uiModule?.default ?? {}),
    errors: errorModule?.default ?? {},
  });
}

function applyDocumentLanguage(lng: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng === 'la' ? 'lo' : lng;
  // SH-2: the description follows the language: the deployment's text for it, else ours.
  setMetaDescription(siteDescriptionSetting(lng) ?? i18n.t('site.description'));
}

export async function initI18n(lng: Locale = initialLocale()): Promise<typeof i18n> {
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
