import { accounts, type Profile } from '@krapao/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';
import { mergeJson, readJson, STORAGE_KEYS } from '../../../lib/storage';
import { accountKeys } from './keys';

/** SH-14: the cached user info paints the header and profile before the server answers. */
export function cachedProfile(): Profile | undefined {
  return readJson<Profile>(STORAGE_KEYS.userInfo);
}

/** The profile's fields of the cached user info; the wallet keeps its own fields beside them. */
export function cacheProfile(profile: Profile): void {
  mergeJson(STORAGE_KEYS.userInfo, profile);
}

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const profile = await callApi(accounts.getProfile, undefined, { signal });
  // An answer that lands after logout must not bring the member's data back (SH-12).
  if (hasSession()) cacheProfile(profile);
  return profile;
}

export const accountQueries = {
  profile: () =>
    queryOptions({
      queryKey: accountKeys.profile(),
      queryFn: ({ signal }) => getProfile(signal),
      initialData: cachedProfile,
      // The cached copy is only a first paint: always ask the server too.
      initialDataUpdatedAt: 0,
    }),
};
