import { wallet as walletApi } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { walletKeys } from './keys';
import { cacheWallet } from './queries';

/** BAL-2: GET /api/wallet/refresh/slot asks every provider again and answers the refreshed wallet. */
export async function refreshSlots() {
  const answer = await callApi(walletApi.refreshSlots);
  cacheWallet(answer);
  return answer;
}

export function useRefreshSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshSlots,
    onSuccess: (answer) => queryClient.setQueryData(walletKeys.detail(), answer),
    onError: notifyError,
  });
}
