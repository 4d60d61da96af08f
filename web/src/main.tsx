import './app/styles.css';
import { runFirstScreen, startFirstScreen } from './app/first-screen';
import { initialLocale } from './i18n';
import { listenForInstallPrompt } from './lib/install-prompt';
import { linkManifestAfterFirstScreen } from './lib/manifest-link';
import { registerServiceWorker } from './lib/service-worker';
import { warmUpIntlAside } from './lib/intl-warm-up';
import { yieldToMain } from './lib/yield';

// Both only listen: the install offer comes early (lib/install-prompt.ts); the worker waits for load.
listenForInstallPrompt();
registerServiceWorker();

// The entry is small so that it runs as soon as it arrives: the app's main chunk (React, the router,
// Mantine) is on its way already (index.html preloads it, web/scripts/vite-preload-app.ts), and a
// member's page starts its own chunks, texts and first requests beside it rather than after it.
// Each step runs in a task of its own, so that none holds a phone's main thread for long.
void (async () => {
  const memberScreen = startFirstScreen(window.location.pathname);
  linkManifestAfterFirstScreen();
  await yieldToMain();
  warmUpIntlAside(initialLocale());
  await yieldToMain();
  // React and React DOM run first, in a task of their own (index.html preloads their chunk beside the
  // main chunk): run with the rest of it (Mantine, the router, the app) they made one task of 30 to 110 ms
  // on a 2-core desktop, four times that on Lighthouse's phone (docs/decisions.md, issue 22).
  await import('./app/react-first');
  await yieldToMain();
  const app = await import('./app/start');
  if (memberScreen) {
    await yieldToMain();
    // A failure here is the router's to show when it asks again.
    await runFirstScreen(memberScreen).catch(() => {});
  }
  await yieldToMain();
  await app.start();
})();
