import { accounts } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** PRO-2: PUT /api/account/changepwd. */
export const changePassword = (input: { oldPassword: string; newPassword: string }) =>
  callApi(accounts.changePassword, input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
