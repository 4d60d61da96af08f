import { PAGE_SIZE, slips } from '@krapao/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { slipKeys } from './keys';

/** SLIP-3: POST /api/statement/slip {page, limit: 10} -> {total, slips}, newest first. */
export const listSlips = (page: number, signal?: AbortSignal) =>
  callApi(slips.listSlips, { page, limit: PAGE_SIZE.slips }, { signal });

export const slipQueries = {
  page: (page: number) =>
    queryOptions({
      queryKey: slipKeys.page(page),
      queryFn: ({ signal }) => listSlips(page, signal),
      // A slip changes status on the server: asked each time the table opens.
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
};

export const useSlips = (page: number) => useQuery(slipQueries.page(page));
