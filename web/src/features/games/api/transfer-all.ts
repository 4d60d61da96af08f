import { IDEMPOTENCY_HEADER, wallet } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export interface TransferAllInput {
  /** A provider code (the whole wallet to that game), or WALLET with `from` a game (all of it back). */
  to: string;
  from?: string;
  idempotencyKey: string;
}

/** TRF-3: POST /api/wallet/transferAll; answered like a transfer (SUCCESS, PENDING or TRANSFER_FAIL). */
export const transferAll = ({ idempotencyKey, ...body }: TransferAllInput) =>
  callApi(wallet.transferAll, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

export const useTransferAll = () => useMutation({ mutationFn: transferAll });
