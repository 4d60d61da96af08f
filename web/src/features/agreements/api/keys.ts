/** The only place an agreements query key is spelled; the status is the session's own (HOME-2). */
export const agreementKeys = {
  all: () => ['agreements'] as const,
  status: (scope: string) => ['agreements', 'status', scope] as const,
};
