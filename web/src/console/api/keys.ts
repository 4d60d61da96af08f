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
  memberStatement: (memberId: string, page: number, type: string | null) =>
    ['console', 'member', memberId, 'statement', page, type] as const,
  memberSignIns: (memberId: string) => ['console', 'member', memberId, 'sign-ins'] as const,
  banks: () => ['console', 'banks'] as const,
  slipPicture: (slipId: string) => ['console', 'slip-picture', slipId] as const,
  memberSlips: (memberId: string, page: number) => ['console', 'member', memberId, 'slips', page] as const,
  memberNotes: (memberId: string) => ['console', 'member', memberId, 'notes'] as const,
  memberProtection: (memberId: string) => ['console', 'member', memberId, 'protection'] as const,
  audit: (filters: Record<string, string | undefined>, before: string | undefined) =>
    ['console', 'audit', filters, before ?? null] as const,
};
