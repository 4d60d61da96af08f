/** The only place a slips query key is spelled. */
export const slipKeys = {
  all: () => ['slips'] as const,
  page: (page: number) => ['slips', 'page', page] as const,
};
