import { PAGE_SIZE, refund, type RefundKind } from '@krapao/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { refundKeys } from './keys';

export const refundQueries = {
  /** REF-1: GET /api/refund/check: what receive would pay now, and if nothing, why. */
  check: () =>
    queryOptions({
      queryKey: refundKeys.check(),
      queryFn: ({ signal }) => callApi(refund.check, undefined, { signal }),
      staleTime: 0,
    }),
  /** REF-1: POST /api/refund {page, limit: 10} -> {total, refunds}, newest first. */
  page: (page: number) =>
    queryOptions({
      queryKey: refundKeys.page(page),
      queryFn: ({ signal }) => callApi(refund.list, { page, limit: PAGE_SIZE.refund }, { signal }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  banners: () =>
    queryOptions({
      queryKey: refundKeys.banners(),
      queryFn: ({ signal }) => callApi(refund.banners, undefined, { signal }),
      staleTime: 5 * 60_000,
    }),
};

export const useRefundCheck = () => useQuery(refundQueries.check());
export const useRefunds = (page: number) => useQuery(refundQueries.page(page));
export const useRefundBanners = () => useQuery(refundQueries.banners());

/** REF-1: GET /api/refund/receive or /api/refund/addWallet; the check and the log are asked again after. */
export function useClaimRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: RefundKind) => callApi(kind === 'receive' ? refund.receive : refund.addWallet),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundKeys.all() }),
  });
}
