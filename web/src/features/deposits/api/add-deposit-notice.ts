import { deposits, IDEMPOTENCY_HEADER } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * DEP-12: POST /api/wallet/add records "I have transferred this much" for the operator to match; it
 * credits nothing by itself and shows in the statement as in progress (channel NOTICE).
 */
export const addDepositNotice = ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
  callApi(deposits.addDepositNotice, { amount }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** The caller refreshes the statement on success (features meet in app/). */
export const useAddDepositNotice = () => useMutation({ mutationFn: addDepositNotice });
