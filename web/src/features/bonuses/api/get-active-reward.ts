import { rewards, type ActiveReward } from '@krapao/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bonusKeys } from './keys';

/** BON-1: GET /api/rewards/active, the active reward with both exits' progress, or null. */
export const getActiveReward = async (signal?: AbortSignal): Promise<ActiveReward | null> =>
  (await callApi(rewards.active, undefined, { signal })).reward;

export const useActiveReward = (enabled = true) =>
  useQuery({
    queryKey: bonusKeys.active(),
    queryFn: ({ signal }) => getActiveReward(signal),
    staleTime: 10_000,
    enabled,
  });
