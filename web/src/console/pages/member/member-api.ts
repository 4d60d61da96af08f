import {
  consoleMembers,
  console as consoleApi,
  lookups,
  type EXCLUSION_MONTHS,
  type ProtectionLimitKey,
  type STATEMENT_TYPES,
  type TIMEOUT_DAYS,
} from '@krapao/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { consoleCall } from '../../api/client';
import { consoleKeys } from '../../api/keys';

export type StatementType = (typeof STATEMENT_TYPES)[number];

/** A page of the member's statement, of one type or all; the page before stays while the next loads. */
export const useMemberStatement = (memberId: string, page: number, type: StatementType | null) =>
  useQuery({
    queryKey: consoleKeys.memberStatement(memberId, page, type),
    queryFn: ({ signal }) =>
      consoleCall(consoleMembers.memberStatement, undefined, {
        params: { memberId },
        query: { page, type },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const useMemberSignIns = (memberId: string) =>
  useQuery({
    queryKey: consoleKeys.memberSignIns(memberId),
    queryFn: ({ signal }) =>
      consoleCall(consoleMembers.memberSignIns, undefined, { params: { memberId }, signal }),
  });

export const useMemberNotes = (memberId: string) =>
  useQuery({
    queryKey: consoleKeys.memberNotes(memberId),
    queryFn: ({ signal }) =>
      consoleCall(consoleMembers.memberNotes, undefined, { params: { memberId }, signal }),
  });

export function useAddMemberNote(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      consoleCall(consoleMembers.addMemberNote, { text }, { params: { memberId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: consoleKeys.memberNotes(memberId) }),
  });
}

export function useEndMemberSessions(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      consoleCall(consoleMembers.endMemberSessions, { reason }, { params: { memberId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: consoleKeys.memberSignIns(memberId) }),
  });
}

export const useMemberPasswordReset = (memberId: string) =>
  useMutation({
    mutationFn: (reason: string) =>
      consoleCall(consoleMembers.memberPasswordReset, { reason }, { params: { memberId } }),
  });

export interface PayoutAccountChange {
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  reason: string;
  code?: string;
}

/** A four-eyes request: the approvals list gains it. */
export function usePayoutAccountChange(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountChange) =>
      consoleCall(consoleApi.payoutAccount, body, { params: { memberId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: consoleKeys.approvals('AWAITING_APPROVAL') }),
  });
}

/** The banks a payout account may be at: the public lookup (LK-1), asked without the staff token. */
export const useBanks = () =>
  useQuery({
    queryKey: consoleKeys.banks(),
    queryFn: ({ signal }) => callApi(lookups.banks, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

/** BAL-2 for the member: every provider asked again; the page shows what they said. */
export function useRefreshMemberBalances(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => consoleCall(consoleMembers.refreshMemberBalances, undefined, { params: { memberId } }),
    onSuccess: (detail) => client.setQueryData(consoleKeys.member(memberId), detail),
  });
}

export const useMemberSlips = (memberId: string, page: number) =>
  useQuery({
    queryKey: consoleKeys.memberSlips(memberId, page),
    queryFn: ({ signal }) =>
      consoleCall(consoleMembers.memberSlips, undefined, { params: { memberId }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useMemberProtection = (memberId: string) =>
  useQuery({
    queryKey: consoleKeys.memberProtection(memberId),
    queryFn: ({ signal }) =>
      consoleCall(consoleMembers.memberProtection, undefined, { params: { memberId }, signal }),
  });

export type BlockAsked =
  | { kind: 'TIMEOUT'; days: (typeof TIMEOUT_DAYS)[number] }
  | { kind: 'EXCLUSION'; months: (typeof EXCLUSION_MONTHS)[number] };

/** Risk's time-out or self-exclusion for the member; the answer is their protection now. */
export function useBlockMember(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ asked, reason, code }: { asked: BlockAsked; reason: string; code?: string | undefined }) =>
      consoleCall(
        consoleMembers.blockMember,
        { ...asked, reason, ...(code ? { code } : {}) },
        { params: { memberId } },
      ),
    onSuccess: (protection) => client.setQueryData(consoleKeys.memberProtection(memberId), protection),
  });
}

/** Risk's lower limit for the member; the answer is their protection now. */
export function useLowerMemberLimit(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      limit,
      amount,
      reason,
      code,
    }: {
      limit: ProtectionLimitKey;
      amount: number;
      reason: string;
      code?: string | undefined;
    }) =>
      consoleCall(
        consoleMembers.lowerMemberLimit,
        { limit, amount, reason, ...(code ? { code } : {}) },
        { params: { memberId } },
      ),
    onSuccess: (protection) => client.setQueryData(consoleKeys.memberProtection(memberId), protection),
  });
}
