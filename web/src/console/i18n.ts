import type { Locale } from '@krapao/contract';
import { useSyncExternalStore } from 'react';
import { currentLocale, i18n, loadLaterTexts } from '../i18n';
import { siteCity } from '../lib/site-city';

type Json = Record<string, unknown>;

// The console's texts are the `console` group of locales/*.json, split out at build time
// (scripts/vite-split-texts.ts): a member's pages never load them, and the console loads only its
// active language's. The rest (common texts, error codes) comes from the app's translator.
const files = import.meta.glob<{ default: Json }>('../i18n/locales/*.json', { query: '?console' });

const loaded = new Map<Locale, Json>();
const listeners = new Set<() => void>();
let version = 0;

function emit() {
  version++;
  listeners.forEach((l) => l());
}

/** The console's texts and the app's later texts (error codes among them) of `lng`, fetched once. */
export async function loadConsoleTexts(lng: Locale = currentLocale()): Promise<void> {
  const later = loadLaterTexts(lng);
  if (!loaded.has(lng)) {
    const file = await files[`../i18n/locales/${lng}.json`]?.().catch(() => undefined);
    loaded.set(lng, (file?.default.console as Json | undefined) ?? {});
    emit();
  }
  await later;
}

// A language switched in the console (the shared LanguageSwitch) fetches that language's texts too.
i18n.subscribe(() => {
  const lng = currentLocale();
  if (!loaded.has(lng)) void loadConsoleTexts(lng);
});

function lookup(lng: Locale, key: string): unknown {
  let node: unknown = loaded.get(lng);
  for (const part of key.slice('console.'.length).split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Json)[part];
  }
  return node;
}

/**
 * A console text in a language other than the console's (a quick reply in the member's language); the
 * key until that language's texts have arrived (loadConsoleTexts(lng); useT() re-renders then).
 */
export function consoleTextIn(lng: Locale, key: string): string {
  const text = lookup(lng, key);
  return typeof text === 'string' ? text : key;
}

/** t(): `console.*` keys from the console's texts, any other from the app's; the key when missing. */
export function consoleT(key: string, vars?: Record<string, unknown>): string {
  if (!key.startsWith('console.')) return i18n.t(key, vars);
  const text = lookup(currentLocale(), key);
  if (typeof text !== 'string') return key;
  if (!text.includes('{{')) return text;
  const all = { city: operatorCity(), ...vars };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
    name in all ? String(all[name as keyof typeof all]) : m,
  );
}

/** The city whose clock the console's times are in (lib/site-city.ts), in the console's language. */
const operatorCity = () => siteCity(currentLocale());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const off = i18n.subscribe(listener);
  return () => {
    listeners.delete(listener);
    off();
  };
};

/** The console's translation hook: re-renders when the language or a text file changes. */
export function useT(): typeof consoleT {
  useSyncExternalStore(subscribe, () => version * 100_000 + i18n.version);
  return consoleT;
}
