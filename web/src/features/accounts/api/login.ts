import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { loadContract } from '../../../lib/contract';
import { saveToken } from '../../../lib/session';
import { accountKeys } from './keys';

export interface LoginInput {
  username: string;
  password: string;
  isRemember: boolean;
}

/** LOG-1: POST /api/login; SH-12 keeps the token for good only when "remember" is ticked. */
export async function login(input: LoginInput) {
  const { accounts } = await loadContract();
  const answer = await callApi(accounts.login, input);
  saveToken(answer.token, input.isRemember);
  return answer;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.removeQueries({ queryKey: accountKeys.all() }),
  });
}
