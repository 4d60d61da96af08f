import { IDEMPOTENCY_HEADER, withdrawals } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { WithdrawInput } from './create-withdrawal';

/**
 * WD-2: POST /api/wallet/withdrawAll with the balance the member saw; the server refuses with
 * MONEY_NOT_ENOUGH when the wallet holds less.
 */
export const withdrawAll = ({ amount, idempotencyKey, pin }: WithdrawInput) =>
  callApi(withdrawals.withdrawAll, pin ? { amount, pin } : { amount }, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export const useWithdrawAll = () => useMutation({ mutationFn: withdrawAll });
