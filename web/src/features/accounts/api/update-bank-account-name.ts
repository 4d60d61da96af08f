import { accounts, type Profile } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountQueries, cacheProfile } from './queries';

/** PRO-4: PUT /api/account/bankAccountName. */
export const updateBankAccountName = (input: { bankCode: string; bankAccountName: string }) =>
  callApi(accounts.updateBankAccountName, input);

export function useUpdateBankAccountName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBankAccountName,
    onSuccess: (profile: Profile) => {
      cacheProfile(profile);
      queryClient.setQueryData(accountQueries.profile().queryKey, profile);
    },
  });
}
