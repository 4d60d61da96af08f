import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { theme } from './theme';

const Toasts = lazy(() => import('./Toasts'));

/**
 * The toast container is fetched with the first toast, not with the page: /login stays within its
 * size budget. Toasts shown meanwhile wait in the notifications store until it mounts.
 */
function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (notifications.length + queue.length > 0) setWanted(true);
  }, [notifications.length, queue.length]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export interface ProvidersProps {
  /**
   * A query client for the whole tree (tests). Without one, each screen but /login runs in the app's
   * client (app/query-scope.tsx), so that /login loads no query cache.
   */
  queryClient?: QueryClient;
  /** 'test' turns Mantine transitions and portals off for jsdom. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function Providers({ queryClient, env = 'default', children }: ProvidersProps) {
  const ui = (
    <MantineProvider theme={theme} env={env}>
      <ToastsWhenNeeded />
      {children}
    </MantineProvider>
  );
  return queryClient ? <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider> : ui;
}
