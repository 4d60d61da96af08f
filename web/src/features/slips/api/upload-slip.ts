import { slips, UPLOAD_TIMEOUT_MS } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { slipKeys } from './keys';

/**
 * SLIP-1: POST /api/wallet/slip as multipart form data, the image in the part "file", with the long
 * upload timeout. The answer comes at once with status PROCESSING; verification follows.
 */
export const uploadSlip = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return callApi(slips.uploadSlip, form, { timeoutMs: UPLOAD_TIMEOUT_MS });
};

export function useUploadSlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSlip,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: slipKeys.all() }),
  });
}
