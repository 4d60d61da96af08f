import { security, type PinStatus } from '@krapao/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The only place the PIN's query key is spelled. */
export const pinKeys = { status: () => ['withdrawals', 'pin'] as const };

/** Whether the member has a withdrawal PIN (GET /api/account/pin). */
export const usePinStatus = (enabled = true) =>
  useQuery({
    queryKey: pinKeys.status(),
    queryFn: ({ signal }) => callApi(security.getPin, undefined, { signal }),
    enabled,
  });

export interface SetPinInput {
  password: string;
  pin: string;
  /** The PIN the member has, to change it. */
  currentPin?: string;
}

/** PUT /api/account/pin: sets or changes the PIN; the answer is the new status. */
export function useSetPin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetPinInput) => callApi(security.setPin, input),
    onSuccess: (status: PinStatus) => client.setQueryData(pinKeys.status(), status),
  });
}
