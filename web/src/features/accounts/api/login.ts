import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext, useState } from 'react';
import { loadLaterTexts } from '../../../i18n';
import { callApi } from '../../../lib/api-client';
import { loadContract } from '../../../lib/contract';
import { saveToken } from '../../../lib/session';
import { accountKeys } from './keys';

export interface LoginInput {
  username: string;
  password: string;
  isRemember: boolean;
}

/**
 * What logging in needs beyond the page: the contract's schemas, the error texts and the next screen's
 * texts. /login paints without them; the form fetches them once the member starts on it.
 */
export const preloadLogin = () => Promise.all([loadContract(), loadLaterTexts()]);

/** LOG-1: POST /api/login; SH-12 keeps the token for good only when "remember" is ticked. */
export async function login(input: LoginInput) {
  const [{ accounts }] = await preloadLogin();
  const answer = await callApi(accounts.login, input);
  saveToken(answer.token, input.isRemember);
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
    (input: LoginInput, { onSuccess }: { onSuccess?: () => void } = {}) => {
      setState({ pending: true, failed: false });
      login(input).then(
        () => {
          // Whatever an earlier session left cached is not this member's.
          if (given) given.removeQueries({ queryKey: accountKeys.all() });
          else void forgetAccountQueries();
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

async function forgetAccountQueries() {
  const { existingAppQueryClient } = await import('../../../lib/query-client');
  existingAppQueryClient()?.removeQueries({ queryKey: accountKeys.all() });
}
