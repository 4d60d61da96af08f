import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext, useState } from 'react';
import { currentLocale, loadLaterTexts } from '../../../i18n';
import { callApi } from '../../../lib/api-client';
import { existingAppQueryClient } from '../../../lib/app-query-client';
import { loadContract } from '../../../lib/contract';
import { saveToken } from '../../../lib/session';
import { STORAGE_KEYS, writeItem } from '../../../lib/storage';
import { accountKeys } from './keys';

export interface LoginInput {
  username: string;
  password: string;
  isRemember: boolean;
  /** LOG-3: the ticket of an OTP_REQUIRED answer and the code the phone received. */
  otpToken?: string;
  otpCode?: string;
}

/** LOG-3: past the per-account limit of wrong passwords, a code to the registered phone is asked for. */
export interface LoginOtpTicket {
  message: 'OTP_REQUIRED';
  otpRef: string;
  otpToken: string;
  expiresAt: string;
  resendAfterS: number;
}

/**
 * What logging in needs beyond the page: the contract's schemas, the error texts and the next screen's
 * texts. /login paints without them; the form fetches them once the member starts on it.
 */
export const preloadLogin = () => Promise.all([loadContract(), loadLaterTexts()]);

/** LOG-1: POST /api/login; SH-12 keeps the token for good only when "remember" is ticked. */
export async function login(input: LoginInput): Promise<{ token: string } | LoginOtpTicket> {
  const [{ accounts }] = await preloadLogin();
  // The language: a sign-in from a new device is told by SMS in it.
  const answer = await callApi(accounts.login, { ...input, lang: currentLocale() });
  if ('otpToken' in answer) return answer;
  saveToken(answer.token, input.isRemember);
  writeItem(STORAGE_KEYS.signInNotice, '1', 'session');
  return answer;
}

/**
 * The login form's state, in the shape of a react-query mutation. /login runs without the query cache (its
 * budget: app/query-scope.tsx), so this holds pending and error itself.
 */
export function useLogin() {
  const given = useContext(QueryClientContext);
  const [state, setState] = useState<{ pending: boolean; error?: unknown; failed: boolean }>({
    pending: false,
    failed: false,
  });
  const mutate = useCallback(
    (
      input: LoginInput,
      { onSuccess, onOtp }: { onSuccess?: () => void; onOtp?: (ticket: LoginOtpTicket) => void } = {},
    ) => {
      setState({ pending: true, failed: false });
      login(input).then(
        (answer) => {
          if ('otpToken' in answer) {
            setState({ pending: false, failed: false });
            return onOtp?.(answer);
          }
          // Whatever an earlier session left cached is not this member's: forgotten now, before the
          // member's screens open and ask for theirs (removing a query also cancels its fetch).
          (given ?? existingAppQueryClient())?.removeQueries({ queryKey: accountKeys.all() });
          setState({ pending: false, failed: false });
          onSuccess?.();
        },
        (error: unknown) => setState({ pending: false, failed: true, error }),
      );
    },
    [given],
  );
  const reset = useCallback(() => setState({ pending: false, failed: false }), []);
  return { mutate, reset, isPending: state.pending, isError: state.failed, error: state.error };
}
