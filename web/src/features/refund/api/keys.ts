/** The only place a refund query key is spelled. */
export const refundKeys = {
  all: () => ['refund'] as const,
  check: () => ['refund', 'check'] as const,
  page: (page: number) => ['refund', 'page', page] as const,
  banners: () => ['refund', 'banners'] as const,
};
