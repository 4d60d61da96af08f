import {
  console as consoleApi,
  consoleQueues,
  type APPROVAL_STATUSES,
  type StaffRole,
} from '@krapao/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from './client';
import { consoleKeys } from './keys';

export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const useMe = (enabled = true) =>
  useQuery({
    queryKey: consoleKeys.me(),
    queryFn: ({ signal }) => consoleCall(consoleApi.me, undefined, { signal }),
    enabled,
    staleTime: 30_000,
  });

/** The work queues the role may read, counted by the server (GET /api/console/queues). */
export const useQueueTiles = () =>
  useQuery({
    queryKey: consoleKeys.queues(),
    queryFn: ({ signal }) => consoleCall(consoleQueues.queues, undefined, { signal }),
    staleTime: 10_000,
    refetchInterval: 15_000,
  });

// ---- Staff ----

export const useStaff = () =>
  useQuery({
    queryKey: consoleKeys.staff(),
    queryFn: ({ signal }) => consoleCall(consoleApi.staffList, undefined, { signal }),
  });

function useRefreshing<A, R>(mutationFn: (args: A) => Promise<R>, keys: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useCreateStaff = () =>
  useRefreshing(
    (body: { username: string; role: StaffRole; code?: string }) => consoleCall(consoleApi.staffCreate, body),
    [consoleKeys.staff()],
  );

export const useDisableStaff = () =>
  useRefreshing(
    ({ username, reason, code }: { username: string; reason: string; code?: string }) =>
      consoleCall(
        consoleApi.staffDisable,
        { ...(reason ? { reason } : {}), ...(code ? { code } : {}) },
        { params: { username } },
      ),
    [consoleKeys.staff()],
  );

export const useChangeRole = () =>
  useRefreshing(
    ({ username, role, code }: { username: string; role: StaffRole; code?: string }) =>
      consoleCall(consoleApi.staffRole, { role, ...(code ? { code } : {}) }, { params: { username } }),
    [consoleKeys.approvals('AWAITING_APPROVAL')],
  );

// ---- Approvals ----

export const useApprovals = (status: ApprovalStatus, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.approvals(status),
    queryFn: ({ signal }) => consoleCall(consoleApi.approvals, undefined, { query: { status }, signal }),
    enabled,
    staleTime: 10_000,
    refetchInterval: 30_000,
  });

export interface Decision {
  id: string;
  decision: 'approve' | 'reject';
  reason?: string;
  code?: string;
}

export const useDecide = () =>
  useRefreshing(
    ({ id, decision, reason, code }: Decision) =>
      consoleCall(
        decision === 'approve' ? consoleApi.approve : consoleApi.reject,
        { ...(reason ? { reason } : {}), ...(code ? { code } : {}) },
        { params: { id } },
      ),
    [
      ['console', 'approvals'],
      ['console', 'member'],
      ['console', 'staff'],
    ],
  );

// ---- Members ----

/** The members a search term finds: what the search box shows, and what its Enter opens. */
const memberSearch = (q: string) => ({
  queryKey: consoleKeys.members(q),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    consoleCall(consoleApi.members, undefined, { query: { q }, signal }),
  staleTime: 15_000,
});

export const useMemberSearch = (q: string) =>
  useQuery({ ...memberSearch(q), enabled: q.trim().length >= 2, placeholderData: keepPreviousData });

/**
 * The first member a term finds, asked for when it is not known yet: Enter must open a match of what
 * was typed, not of the list still on screen from the term before (the box waits a moment to search).
 */
export function useFirstMemberOf() {
  const client = useQueryClient();
  return async (q: string) => (await client.fetchQuery(memberSearch(q))).items[0];
}

export const useMember = (memberId: string) =>
  useQuery({
    queryKey: consoleKeys.member(memberId),
    queryFn: ({ signal }) => consoleCall(consoleApi.member, undefined, { params: { memberId }, signal }),
    staleTime: 5_000,
  });

export const useFreeze = (memberId: string) =>
  useRefreshing(
    ({ frozen, reason }: { frozen: boolean; reason: string }) =>
      consoleCall(frozen ? consoleApi.freeze : consoleApi.unfreeze, reason ? { reason } : {}, {
        params: { memberId },
      }),
    [consoleKeys.member(memberId), ['console', 'members']],
  );

export const useAdjust = () =>
  useRefreshing(
    (body: { phone: string; amount: number; reason: string; code?: string }) =>
      consoleCall(consoleApi.adjust, body),
    [consoleKeys.approvals('AWAITING_APPROVAL')],
  );

// ---- Audit ----

export interface AuditFilters {
  actor?: string;
  action?: string;
  memberId?: string;
  /** ISO instants. */
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 50;

export const auditQuery = (filters: AuditFilters) => ({
  limit: AUDIT_PAGE_SIZE,
  actor: filters.actor,
  action: filters.action,
  memberId: filters.memberId,
  from: filters.from,
  to: filters.to,
});

export const useAudit = (filters: AuditFilters, before: string | undefined) =>
  useQuery({
    queryKey: consoleKeys.audit({ ...filters }, before),
    queryFn: ({ signal }) =>
      consoleCall(consoleApi.audit, undefined, { query: { ...auditQuery(filters), before }, signal }),
    placeholderData: keepPreviousData,
  });
