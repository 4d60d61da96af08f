/** The only place a spin wheel query key is spelled. */
export const spinKeys = {
  all: () => ['spin'] as const,
  setup: () => ['spin', 'setup'] as const,
  coupons: () => ['spin', 'coupons'] as const,
  active: () => ['spin', 'active'] as const,
  spins: () => ['spin', 'spins'] as const,
};
