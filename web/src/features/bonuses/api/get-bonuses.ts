import { bonuses, type Bonus } from '@krapao/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bonusKeys } from './keys';

/** BON-2, BON-3: GET /api/bonus, the bonuses of the member's currency with the member's state of each. */
export const getBonuses = (signal?: AbortSignal): Promise<Bonus[]> =>
  callApi(bonuses.list, undefined, { signal });

export const useBonuses = () =>
  useQuery({ queryKey: bonusKeys.list(), queryFn: ({ signal }) => getBonuses(signal), staleTime: 15_000 });
