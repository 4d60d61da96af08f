/** The only place an accounts query key is spelled (no schemas here: /login imports it). */
export const accountKeys = {
  all: () => ['accounts'] as const,
  profile: () => ['accounts', 'profile'] as const,
  bankChangePolicy: () => ['accounts', 'bankChangePolicy'] as const,
};
