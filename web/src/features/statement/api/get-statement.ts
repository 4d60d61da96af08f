import { PAGE_SIZE, STATEMENT_PAGES_AFTER, STATEMENT_PAGES_BEFORE, statement } from '@krapao/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { isReversed, type StatementFilter } from './filter';
import { statementKeys } from './keys';

/** ST-1, ST-4: POST /api/statement {page, limit: 10, type?, from?, to?} -> {total, statements}. */
export const getStatement = (page: number, filter: StatementFilter = {}, signal?: AbortSignal) =>
  callApi(statement.getStatement, { page, limit: PAGE_SIZE.statement, ...filter }, { signal });

export const statementQueries = {
  page: (page: number, filter: StatementFilter = {}) =>
    queryOptions({
      queryKey: statementKeys.page(page, filter),
      queryFn: ({ signal }) => getStatement(page, filter, signal),
      staleTime: 15_000,
      // The previous page stays on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
};

/** Days in the wrong order ask for nothing: no request the server would refuse, no earlier list kept. */
export function useStatement(page: number, filter: StatementFilter = {}) {
  const reversed = isReversed(filter);
  const query = useQuery({ ...statementQueries.page(page, filter), enabled: !reversed });
  return { query, data: reversed ? undefined : query.data, loading: !reversed && query.isPending };
}

/** ST-1: the page numbers shown: up to 3 before the current one and 1 after it. */
export function pageWindow(current: number, pages: number): number[] {
  const from = Math.max(1, current - STATEMENT_PAGES_BEFORE);
  const to = Math.min(pages, current + STATEMENT_PAGES_AFTER);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
