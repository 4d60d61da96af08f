import { deposits, type QrcodeRecord, type QrProvider } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { depositKeys } from './keys';

/** DEP-7: DELETE /api/qrcode/{qrcodeId}; a QR paid meanwhile stays paid (NOT_FOUND). */
export const cancelQrcode = ({ qrcodeId }: { provider: QrProvider; qrcodeId: string }) =>
  callApi(deposits.cancelQrcode, undefined, { params: { qrcodeId } });

export function useCancelQrcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelQrcode,
    onSuccess: (_answer, { provider }) => {
      queryClient.setQueryData<QrcodeRecord>(depositKeys.qrcode(provider), (old) =>
        old ? { ...old, hasQrcode: false } : old,
      );
    },
    // Paid or ended meanwhile: ask what is true now.
    onError: (_error, { provider }) =>
      void queryClient.invalidateQueries({ queryKey: depositKeys.qrcode(provider) }),
  });
}
