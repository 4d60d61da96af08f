import { useSyncExternalStore } from 'react';
import type { Locale } from '@krapao/contract';
import { currentLocale, i18n } from './index';

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
