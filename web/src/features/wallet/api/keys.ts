/** The only place a wallet query key is spelled. */
export const walletKeys = {
  all: () => ['wallet'] as const,
  detail: () => ['wallet', 'detail'] as const,
  refresh: () => ['wallet', 'refresh'] as const,
};
