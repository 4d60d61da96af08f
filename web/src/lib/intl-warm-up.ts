import type { Locale } from '@krapao/contract';

/**
 * ICU loads its data once per page, for all of the page's threads (lib/intl-tags.ts): a worker loads it
 * while the app's chunks download, so that the first render, which cuts Thai and Lao labels into words
 * (the menus) and formats money (member pages), finds it ready instead of loading it on the main thread.
 * Without workers the first render pays, as before.
 */
export function warmUpIntlAside(locale: Locale): void {
  if (typeof Worker !== 'function') return;
  try {
    new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url)).postMessage(locale);
  } catch {
    // A browser that refuses the worker (a policy, a private mode): the first render loads ICU itself.
  }
}
