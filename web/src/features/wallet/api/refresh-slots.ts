import { wallet as walletApi } from '@krapao/contract';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { logQuietFailure } from '../../../lib/quiet-failure';
import { walletKeys } from '../../../lib/wallet-keys';
import { cacheWallet } from './queries';

/** BAL-2: GET /api/wallet/refresh/slot asks every provider again and answers the refreshed wallet. */
export async function refreshSlots() {
  const answer = await callApi(walletApi.refreshSlots);
  cacheWallet(answer);
  return answer;
}

/**
 * BAL-2 for a button: every button (the wallet card, the drawer's tile) shares one refresh in flight,
 * its spinner and its guard against a second one.
 */
export function useRefreshSlots() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: walletKeys.refresh(),
    mutationFn: refreshSlots,
    onSuccess: (answer) => queryClient.setQueryData(walletKeys.detail(), answer),
    // ERR-3: a failed refresh is only logged; the balances shown stay as they were.
    onError: (error) => logQuietFailure('wallet refresh', error),
  });
  const isPending = useIsMutating({ mutationKey: walletKeys.refresh() }) > 0;
  return {
    isPending,
    mutate: () => {
      if (!isPending) mutation.mutate();
    },
  };
}
