import { rewards } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bonusKeys } from './keys';

/**
 * BON-1, BON-5: GET /api/bonus/clear ends the active reward when one of its exits holds
 * ({message: 'BONUS_CLEAR', outcome}); BONUS_CONDITION while none does.
 */
export const clearBonus = () => callApi(rewards.clear);

export function useClearBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearBonus,
    // Not awaited: the member's answer need not wait for the lists to be read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bonusKeys.all() }),
  });
}
