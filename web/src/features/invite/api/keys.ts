/** The only place an invite query key is spelled. */
export const inviteKeys = {
  all: () => ['invite'] as const,
  page: (page: number) => ['invite', 'page', page] as const,
  banners: () => ['invite', 'banners'] as const,
};
