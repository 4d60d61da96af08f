import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { setApiEventHandlers } from '../lib/api-client';
import { clearSession } from '../lib/session';
import { Providers } from './providers';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** SH-13 / SH-6: where the api client's "session ended" and "gone" answers lead. */
export function wireApiEvents(router: AppRouter, queryClient?: QueryClient): void {
  setApiEventHandlers({
    sessionEnded: () => {
      clearSession();
      if (queryClient) queryClient.clear();
      else void import('../lib/query-client').then((m) => m.existingAppQueryClient()?.clear());
      void router.navigate('/login', { replace: true });
    },
    gone: () => {
      void router.navigate('/terminated', { replace: true });
    },
  });
}

export function App({
  router,
  queryClient,
  env,
}: {
  router: AppRouter;
  queryClient?: QueryClient;
  env?: 'default' | 'test';
}) {
  // index.html's splash goes as the app first paints; until a screen is ready the app draws the same one
  // (RootFallback), so nothing flashes.
  useLayoutEffect(() => document.getElementById('splash')?.remove(), []);
  return (
    <Providers queryClient={queryClient} env={env}>
      <RouterProvider router={router} />
    </Providers>
  );
}
