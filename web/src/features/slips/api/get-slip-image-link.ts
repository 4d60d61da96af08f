import { slips } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** SLIP-3: GET /api/statement/slip/reference/{reference} -> {url}, a short-lived address of the image. */
export const getSlipImageLink = (reference: string) =>
  callApi(slips.slipImageLink, undefined, { params: { reference } });

export const useSlipImageLink = () => useMutation({ mutationFn: getSlipImageLink });
