import { agreements } from '@krapao/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { sessionScope } from '../../../lib/session';
import { agreementKeys } from './keys';

/**
 * HOME-2: GET /api/agreements/status, whether the member accepted the current version. Asked only when
 * the browser does not remember an acceptance of that version; a failure stays quiet (ERR-3).
 */
export const useAgreementsStatus = (enabled: boolean) =>
  useQuery({
    queryKey: agreementKeys.status(sessionScope()),
    queryFn: ({ signal }) => callApi(agreements.getStatus, undefined, { signal }),
    enabled,
    staleTime: Infinity,
  });
