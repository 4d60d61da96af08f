import { agreements } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { sessionScope } from '../../../lib/session';
import { rememberAcceptance } from '../remembered';
import { agreementKeys } from './keys';

export interface AcceptInput {
  memberId: string;
  /** The version of the texts the member read (the lookup's); a stale one is AGREEMENTS_CHANGED. */
  version: string;
}

/** HOME-2: POST /api/agreements/accept; idempotent on the server, then remembered in the browser too. */
export function useAcceptAgreements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ version }: AcceptInput) => callApi(agreements.accept, { version }),
    onSuccess: (status, { memberId }) => {
      rememberAcceptance(memberId, status.version);
      client.setQueryData(agreementKeys.status(sessionScope()), status);
    },
  });
}
