import { IDEMPOTENCY_HEADER, withdrawals } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export interface WithdrawInput {
  /** Baht, two decimals, as the API speaks it. */
  amount: number;
  idempotencyKey: string;
  /** The member's withdrawal PIN, where they have one. */
  pin?: string | undefined;
}

/** WD-2: POST /api/wallet/withdraw; the money leaves the wallet at once, paid to the registered account. */
export const createWithdrawal = ({ amount, idempotencyKey, pin }: WithdrawInput) =>
  callApi(withdrawals.withdraw, pin ? { amount, pin } : { amount }, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

/** The caller refreshes the wallet and the statement on success (features meet in app/). */
export const useCreateWithdrawal = () => useMutation({ mutationFn: createWithdrawal });
