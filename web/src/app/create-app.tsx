import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { setApiEventHandlers } from '../lib/api-client';
import { existingAppQueryClient } from '../lib/app-query-client';
import { clearSession } from '../lib/session';
import { Providers } from './providers';
import { AppRoutes } from './routes';
import type { AppHistory } from './screen-history';

/**
 * SH-13 / SH-6: where the api client's "session ended" and "gone" answers lead. The app holds the
 * history outside React, so that they lead somewhere before and outside any screen.
 */
export function wireApiEvents(history: AppHistory, queryClient?: QueryClient): void {
  setApiEventHandlers({
    sessionEnded: () => {
      clearSession();
      (queryClient ?? existingAppQueryClient())?.clear();
      history.replace('/login');
    },
    gone: () => {
      history.replace('/terminated');
    },
  });
}

export function App({
  history,
  queryClient,
  env,
}: {
  history: AppHistory;
  queryClient?: QueryClient;
  env?: 'default' | 'test';
}) {
  // index.html's splash goes as the app first paints; until a screen is ready the app draws the same one
  // (RootFallback), so nothing flashes.
  useLayoutEffect(() => document.getElementById('splash')?.remove(), []);
  return (
    <Providers queryClient={queryClient} env={env}>
      {/* Not transitions: a navigation's render is flushed with its push (app/screen-history.ts). */}
      <HistoryRouter history={history} useTransitions={false}>
        <AppRoutes />
      </HistoryRouter>
    </Providers>
  );
}
