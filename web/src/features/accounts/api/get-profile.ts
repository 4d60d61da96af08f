import { useQuery } from '@tanstack/react-query';
import { accountQueries } from './queries';

/** PRO-1 / SH-9: the member's profile (GET /api/account/profile), painted from the cache first. */
export function useProfile() {
  return useQuery(accountQueries.profile());
}
