import { QueryClient } from '@tanstack/react-query';
import { existingAppQueryClient, setAppQueryClient } from './app-query-client';

/**
 * The app's one query client, made by the first screen that runs a query (app/query-scope.tsx): /login
 * paints without the query cache.
 */
export function appQueryClient(): QueryClient {
  return existingAppQueryClient() ?? setAppQueryClient(createQueryClient());
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
