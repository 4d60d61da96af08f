import { IDEMPOTENCY_HEADER, wallet } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export interface TransferInput {
  /** WALLET or a provider code (TRF-1). */
  from: string;
  to: string;
  /** In the member's currency, two decimals, as the API speaks it. */
  amount: number;
  idempotencyKey: string;
}

/**
 * TRF-2: POST /api/wallet/transfer. SUCCESS: the money is there; PENDING: the provider has not confirmed
 * (the member sees "processing" and a wallet event refreshes the screen when it settles); TRANSFER_FAIL:
 * the money is back where it came from.
 */
export const createTransfer = ({ idempotencyKey, ...body }: TransferInput) =>
  callApi(wallet.transfer, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** The caller refreshes the wallet and the statement once it settles (features meet in app/). */
export const useCreateTransfer = () => useMutation({ mutationFn: createTransfer });
