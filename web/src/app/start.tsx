import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { initI18n } from '../i18n';
import { yieldToMain } from '../lib/yield';
import { App, wireApiEvents } from './create-app';
import { routes } from './routes';

/** Renders the app into #root, behind index.html's splash. */
export async function start(): Promise<void> {
  // The texts of other screens and the error texts come later (i18n/index.ts): /login paints without them.
  await initI18n(undefined, { firstPaintOnly: true });
  const router = createBrowserRouter(routes);
  wireApiEvents(router);
  // Making the router matches the first route and starts its screen; React's root comes in a new task.
  await yieldToMain();
  const root = createRoot(document.getElementById('root')!);
  // As a transition the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree: a phone stays responsive (Lighthouse's TBT) while the splash shows.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
