/** The only place a statement query key is spelled. */
export const statementKeys = {
  all: () => ['statement'] as const,
  page: (page: number) => ['statement', 'page', page] as const,
};
