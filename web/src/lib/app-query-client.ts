import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query client once a screen has made it (lib/query-client.ts, appQueryClient). Apart from
 * it, so that what runs on /login, which paints without the query cache, reaches the client at once
 * without loading it: logging in forgets an earlier member's data before the member's screens open, not
 * after (a late removal cancelled the new shell's profile and left its amounts without their currency).
 */
let appClient: QueryClient | undefined;

/** The app's query client if a screen has made it. */
export const existingAppQueryClient = (): QueryClient | undefined => appClient;

export function setAppQueryClient(client: QueryClient): QueryClient {
  return (appClient = client);
}
