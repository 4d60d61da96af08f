import { wallet as walletApi, walletSchema, type Wallet } from '@krapao/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi, PARSE_OPTIONS } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';
import { mergeJson, readItem, readJson, STORAGE_KEYS, writeItem } from '../../../lib/storage';
import { walletKeys } from '../../../lib/wallet-keys';

/**
 * SH-14: the cached user info holds the profile's fields at its top level (the accounts area writes
 * them) and the wallet's beside them: bankAccount, wallet, invite, slots, total, lastSyncAt.
 */
export function cachedWallet(): Wallet | undefined {
  const info = readJson<Record<string, unknown>>(STORAGE_KEYS.userInfo);
  if (!info || !('wallet' in info)) return undefined;
  const parsed = walletSchema.safeParse({ ...info, profile: info }, PARSE_OPTIONS);
  return parsed.success ? parsed.data : undefined;
}

/** Keeps a wallet answer in the browser: the user info cache and the last sync time (BAL-2). */
export function cacheWallet(answer: Wallet): void {
  // An answer that lands after logout must not bring the member's data back (SH-12).
  if (!hasSession()) return;
  const { profile, ...rest } = answer;
  mergeJson(STORAGE_KEYS.userInfo, { ...profile, ...rest });
  if (answer.lastSyncAt) writeItem(STORAGE_KEYS.lastSync, answer.lastSyncAt);
}

/** BAL-2: the last time game balances were asked of the providers, as stored; null before the first. */
export function storedLastSync(): string | null {
  return readItem(STORAGE_KEYS.lastSync);
}

export async function getWallet(signal?: AbortSignal): Promise<Wallet> {
  const answer = await callApi(walletApi.getWallet, undefined, { signal });
  cacheWallet(answer);
  return answer;
}

export const walletQueries = {
  /** BAL-1: GET /api/wallet, painted from the cached user info first. */
  detail: () =>
    queryOptions({
      queryKey: walletKeys.detail(),
      queryFn: ({ signal }) => getWallet(signal),
      initialData: cachedWallet,
      // The cached copy is only a first paint: always ask the server too.
      initialDataUpdatedAt: 0,
      staleTime: 30_000,
    }),
};
