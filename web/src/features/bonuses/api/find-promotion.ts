import { bonuses, type Promotion } from '@krapao/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bonusKeys } from './keys';

/**
 * BON-4: GET /api/promotion/find/{code}, the code upper-cased and URL-encoded (callApi encodes path
 * parameters); null for the spec's empty answer.
 */
export async function findPromotion(code: string, signal?: AbortSignal): Promise<Promotion | null> {
  const found = await callApi(bonuses.findPromotion, undefined, {
    params: { code: code.trim().toUpperCase() },
    signal,
  });
  return 'code' in found ? (found as Promotion) : null;
}

/** Asked once a code is searched (`code` non-empty). */
export const useFindPromotion = (code: string) =>
  useQuery({
    queryKey: bonusKeys.promotion(code),
    queryFn: ({ signal }) => findPromotion(code, signal),
    enabled: code !== '',
    staleTime: 0,
    retry: false,
  });
