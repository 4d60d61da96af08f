import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import type { Locale } from '@krapao/contract';
import { currentLocale, i18n, loadLaterTexts } from './index';

/** The translation hook: subscribing re-renders the component when the language or a bundle changes. */
export function useTranslation() {
  useSyncExternalStore(i18n.subscribe, () => i18n.version);
  return { t: i18n.t, i18n };
}

/** The member's language as a Locale (the build's default when unset), re-rendering when it changes. */
export function useLocale(): Locale {
  useTranslation();
  return currentLocale();
}

/**
 * A lazy part of a member's first screen (the drawer, a dialog): the component `name` of the module
 * `load` brings, drawn once the later texts have come too. On a page load they come once the first screen
 * is done, and a member may open the part before.
 */
export function lazyWithLaterTexts<K extends string, Props extends object>(
  load: () => Promise<Record<K, ComponentType<Props>>>,
  name: K,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() => Promise.all([load(), loadLaterTexts()]).then(([loaded]) => ({ default: loaded[name] })));
}
