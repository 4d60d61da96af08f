import { QueryClient } from '@tanstack/react-query';

let appClient: QueryClient | undefined;

/**
 * The app's one query client, made by the first screen that runs a query (app/query-scope.tsx): /login
 * paints without the query cache.
 */
export function appQueryClient(): QueryClient {
  return (appClient ??= createQueryClient());
}

/** The app's query client if a screen has made it. */
export const existingAppQueryClient = (): QueryClient | undefined => appClient;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
