import type { StatementFilter } from './filter';

/** The only place a statement query key is spelled. */
export const statementKeys = {
  all: () => ['statement'] as const,
  page: (page: number, filter: StatementFilter = {}) =>
    ['statement', 'page', page, filter.type ?? null, filter.from ?? null, filter.to ?? null] as const,
};
