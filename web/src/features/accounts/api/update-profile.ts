import { accounts, type Locale, type Profile } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountQueries, cacheProfile } from './queries';

export interface UpdateProfileInput {
  name: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
}

/** PRO-3: what a change of the payout account carries besides the profile. */
export interface AccountChangeProof {
  currentPassword?: string;
  otpToken?: string;
  otpCode?: string;
  lang?: Locale;
  /** The member's withdrawal PIN, where they have one. */
  pin?: string | undefined;
}

/** PRO-3: PUT /api/account/profile. */
export const updateProfile = (input: UpdateProfileInput & AccountChangeProof) =>
  callApi(accounts.updateProfile, input);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile: Profile) => {
      cacheProfile(profile);
      queryClient.setQueryData(accountQueries.profile().queryKey, profile);
    },
  });
}
