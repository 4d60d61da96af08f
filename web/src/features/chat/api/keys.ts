/** The only place a chat query key is spelled. */
export const chatKeys = {
  all: () => ['chat'] as const,
  config: () => ['chat', 'config'] as const,
};
