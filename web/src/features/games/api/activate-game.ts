import { games } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { gameKeys } from './keys';

/**
 * GAME-4: GET /api/wallet/activate/{code} opens the member's account at the provider and answers it;
 * the account is then shown from that answer (inactive -> active, reloaded). The caller refreshes the
 * wallet, whose slot turns active.
 */
export const activateGame = (code: string) => callApi(games.activate, undefined, { params: { code } });

export function useActivateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateGame,
    onSuccess: (account) => queryClient.setQueryData(gameKeys.account(account.code), account),
  });
}
