import { accounts, type Locale } from '@krapao/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { holdTicket } from '../../../lib/otp-ticket';
import { accountKeys } from './keys';

/** PRO-3: GET /api/account/bankChange, whether a change of the payout account needs a code, and the hold. */
export const bankChangePolicyQuery = () =>
  queryOptions({
    queryKey: accountKeys.bankChangePolicy(),
    queryFn: ({ signal }) => callApi(accounts.bankChangePolicy, undefined, { signal }),
  });

export const useBankChangePolicy = () => useQuery(bankChangePolicyQuery());

/** PRO-3: POST /api/account/bankChange/otp, the password first, then a code to the registered phone. */
export const sendBankChangeOtp = async (input: { currentPassword: string; lang: Locale }) =>
  holdTicket(await callApi(accounts.sendBankChangeOtp, input));

export const useSendBankChangeOtp = () => useMutation({ mutationFn: sendBankChangeOtp });
