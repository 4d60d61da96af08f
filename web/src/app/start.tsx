import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { initI18n } from '../i18n';
import { yieldToMain } from '../lib/yield';
import { App, wireApiEvents } from './create-app';
import { loadingScreensFirst } from './screen-history';

/** Renders the app into #root, behind index.html's splash. */
export async function start(): Promise<void> {
  // The texts of other screens and the error texts come later (i18n/index.ts): /login paints without them.
  await initI18n(undefined, { firstPaintOnly: true });
  // v5Compat: the router hears the app's own navigations too, not only the browser's back and forward.
  const history = loadingScreensFirst(createBrowserHistory({ v5Compat: true }));
  wireApiEvents(history);
  await yieldToMain();
  const root = createRoot(document.getElementById('root')!);
  // As a transition the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree: a phone stays responsive (Lighthouse's TBT) while the splash shows.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App history={history} />
      </StrictMode>,
    );
  });
}
