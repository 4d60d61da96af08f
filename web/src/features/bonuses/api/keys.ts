/** The only place a bonuses query key is spelled. */
export const bonusKeys = {
  all: () => ['bonuses'] as const,
  list: () => ['bonuses', 'list'] as const,
  active: () => ['bonuses', 'active'] as const,
  promotion: (code: string) => ['bonuses', 'promotion', code] as const,
};
