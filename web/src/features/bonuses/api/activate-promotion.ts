import { bonuses } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bonusKeys } from './keys';

/** BON-4: GET /api/promotion/activate/{code}. */
export const activatePromotion = (code: string) =>
  callApi(bonuses.activatePromotion, undefined, { params: { code: code.trim().toUpperCase() } });

export function useActivatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePromotion,
    // Not awaited: the member's answer need not wait for the lists to be read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bonusKeys.all() }),
  });
}
