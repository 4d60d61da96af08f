/** The only place a games query key is spelled. */
export const gameKeys = {
  all: () => ['games'] as const,
  account: (code: string) => ['games', 'account', code] as const,
};
