import { deposits, IDEMPOTENCY_HEADER, type QrProvider } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { depositKeys } from './keys';

export interface CreateQrcodeInput {
  provider: QrProvider;
  /** Baht, two decimals, as the API speaks it. */
  amount: number;
  idempotencyKey: string;
}

/** DEP-7: POST /api/qrcode/{provider} {amount}; replaces the member's live QR at that provider. */
export const createQrcode = ({ provider, amount, idempotencyKey }: CreateQrcodeInput) =>
  callApi(
    deposits.createQrcode,
    { amount },
    { params: { provider }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );

export function useCreateQrcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQrcode,
    onSuccess: (record, { provider }) => {
      if (!record.hasQrcode) {
        void queryClient.invalidateQueries({ queryKey: depositKeys.qrcode(provider) });
        return;
      }
      queryClient.setQueryData(depositKeys.qrcode(provider), record);
      // DEP-7: creating one provider's QR makes the other providers refresh theirs.
      void queryClient.invalidateQueries({
        queryKey: depositKeys.qrcodes(),
        predicate: (query) => query.queryKey[2] !== provider,
      });
    },
  });
}
