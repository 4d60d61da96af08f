import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import './app/styles.css';
import { App, wireApiEvents } from './app/create-app';
import { routes } from './app/routes';
import { initI18n } from './i18n';
import { createQueryClient } from './lib/query-client';

async function start() {
  await initI18n();
  const queryClient = createQueryClient();
  const router = createBrowserRouter(routes);
  wireApiEvents(router, queryClient);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
