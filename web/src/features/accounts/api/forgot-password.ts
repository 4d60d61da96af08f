import { accounts } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { currentLocale } from '../../../i18n';
import { callApi } from '../../../lib/api-client';
import { holdTicket, type HeldTicket } from '../../../lib/otp-ticket';

/**
 * Forgot password: POST /api/account/forgot. The server answers the same for any phone, and never the
 * code (it comes by SMS only); the SMS is written in the screen's language.
 */
export const forgotPassword = async (phoneNumber: string): Promise<HeldTicket> =>
  holdTicket(await callApi(accounts.forgotPassword, { phoneNumber, lang: currentLocale() }));

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

/** POST /api/account/reset: the code and the new password; every session of the member ends. */
export const resetPassword = (input: { otpToken: string; otpCode: string; newPassword: string }) =>
  callApi(accounts.resetPassword, input);
