import { accounts } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** SH-12: revoke the session on the server, then forget it here whatever the server said. */
export async function logout(): Promise<void> {
  try {
    await callApi(accounts.logout);
  } catch {
    // The member asked to leave: a failed revoke must not keep them in.
  } finally {
    clearSession();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
