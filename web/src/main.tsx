import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import './app/styles.css';
import { App, wireApiEvents } from './app/create-app';
import { routes } from './app/routes';
import { initI18n } from './i18n';

async function start() {
  // The texts of other screens and the error texts come later (i18n/index.ts): /login paints without them.
  await initI18n(undefined, { firstPaintOnly: true });
  const router = createBrowserRouter(routes);
  wireApiEvents(router);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start();
