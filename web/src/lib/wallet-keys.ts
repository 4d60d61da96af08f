/**
 * The only place a wallet query key is spelled. In lib/, not in features/wallet: the spin wheel and the
 * app's money nudges invalidate the wallet too, and features do not import each other.
 */
export const walletKeys = {
  all: () => ['wallet'] as const,
  detail: () => ['wallet', 'detail'] as const,
  refresh: () => ['wallet', 'refresh'] as const,
};
