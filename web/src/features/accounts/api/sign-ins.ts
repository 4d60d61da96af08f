import { security } from '@krapao/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './keys';

const signInsKey = () => [...accountKeys.all(), 'signIns'] as const;

/** The member's recent sign-ins, newest first (GET /api/account/signins). */
export const useSignIns = (enabled = true) =>
  useQuery({
    queryKey: signInsKey(),
    queryFn: ({ signal }) => callApi(security.getSignIns, undefined, { signal }),
    enabled,
  });

/** DELETE /api/account/sessions/others; the list then shows them signed out. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(security.endOtherSessions, undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: signInsKey() }),
  });
}
