/** The only place a console query key is spelled; all start with 'console' so sign-out clears them. */
export const consoleKeys = {
  all: () => ['console'] as const,
  me: () => ['console', 'me'] as const,
  queues: () => ['console', 'queues'] as const,
  dashboard: (from: string, to: string) => ['console', 'dashboard', from, to] as const,
  staff: () => ['console', 'staff'] as const,
  approvals: (status: string) => ['console', 'approvals', status] as const,
  members: (q: string) => ['console', 'members', q] as const,
  member: (memberId: string) => ['console', 'member', memberId] as const,
  audit: (filters: Record<string, string | undefined>, before: string | undefined) =>
    ['console', 'audit', filters, before ?? null] as const,
};
