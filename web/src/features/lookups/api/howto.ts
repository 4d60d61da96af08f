import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { loadContract } from '../../../lib/contract';

/** HELP-1: the how-to videos the operator pointed to their own recordings (GET /api/lookup/howto). */
export const useHowtoOverrides = () =>
  useQuery({
    queryKey: ['lookups', 'howto'] as const,
    queryFn: async ({ signal }) => callApi((await loadContract()).howtoLookup, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
