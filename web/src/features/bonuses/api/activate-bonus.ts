import { bonuses } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bonusKeys } from './keys';

/** BON-3: GET /api/bonus/activate/{code}; the list and the active reward are asked again either way. */
export const activateBonus = (code: string) =>
  callApi(bonuses.activate, undefined, { params: { code: code.toUpperCase() } });

export function useActivateBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateBonus,
    // Not awaited: the member's answer need not wait for the lists to be read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bonusKeys.all() }),
  });
}
