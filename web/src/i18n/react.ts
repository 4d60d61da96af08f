import { useSyncExternalStore } from 'react';
import { i18n } from './index';

/** The translation hook: subscribing re-renders the component when the language or a bundle changes. */
export function useTranslation() {
  useSyncExternalStore(i18n.subscribe, () => i18n.version);
  return { t: i18n.t, i18n };
}
