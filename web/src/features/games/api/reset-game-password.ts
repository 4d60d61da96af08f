import { games } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { gameKeys } from './keys';

/** GAME-4: GET /api/wallet/resetpassword/{code}: a new provider password; the account shows it at once. */
export const resetGamePassword = (code: string) =>
  callApi(games.resetPassword, undefined, { params: { code } });

export function useResetGamePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetGamePassword,
    onSuccess: (account) => queryClient.setQueryData(gameKeys.account(account.code), account),
  });
}
