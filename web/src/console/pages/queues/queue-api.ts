import { consoleQueues, type QueueName } from '@krapao/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../api/client';
import { LIVE_KEYS } from '../../use-staff-socket';

/** A queue's table (its key starts ['console', 'queue'], which a "queues changed" nudge refreshes). */
const LISTS = {
  bankLines: consoleQueues.bankLines,
  withdrawals: consoleQueues.withdrawals,
  slips: consoleQueues.slips,
  transfers: consoleQueues.transfers,
  qr: consoleQueues.qr,
} as const;
export type TableQueue = keyof typeof LISTS;
export const isTableQueue = (q: string | undefined): q is TableQueue => !!q && q in LISTS;

export const useQueueList = (queue: TableQueue) =>
  useQuery({
    queryKey: ['console', 'queue', queue],
    queryFn: ({ signal }) =>
      consoleCall(LISTS[queue], undefined, { signal }) as Promise<{ items: unknown[] }>,
    staleTime: 5_000,
  });

/** An action on a queue's row; afterwards the tiles, the tables and the chats are asked again. */
export function useQueueAction<A>(run: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(LIVE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const actions = {
  match: (a: { reference: string; phone: string; noticeId?: string; code?: string }) =>
    consoleCall(
      consoleQueues.matchBankLine,
      {
        phone: a.phone,
        ...(a.noticeId ? { noticeId: a.noticeId } : {}),
        ...(a.code ? { code: a.code } : {}),
      },
      { params: { reference: a.reference } },
    ),
  approve: (a: { id: string; code?: string }) =>
    consoleCall(consoleQueues.approveWithdrawal, a.code ? { code: a.code } : {}, { params: { id: a.id } }),
  reject: (a: { id: string; reason: string; code?: string }) =>
    consoleCall(
      consoleQueues.rejectWithdrawal,
      { reason: a.reason, ...(a.code ? { code: a.code } : {}) },
      { params: { id: a.id } },
    ),
  check: (a: { reference: string }) =>
    consoleCall(consoleQueues.checkTransfer, {}, { params: { reference: a.reference } }),
  qrCredit: (a: { id: string; phone?: string; code?: string }) =>
    consoleCall(
      consoleQueues.qrCredit,
      { ...(a.phone ? { phone: a.phone } : {}), ...(a.code ? { code: a.code } : {}) },
      { params: { id: a.id } },
    ),
  qrRefunded: (a: { id: string }) => consoleCall(consoleQueues.qrRefunded, {}, { params: { id: a.id } }),
  slipHandled: (a: { slipId: string; reason?: string }) =>
    consoleCall(consoleQueues.slipHandled, a.reason ? { reason: a.reason } : {}, {
      params: { slipId: a.slipId },
    }),
};

export const QUEUE_PATH = (queue: QueueName) =>
  queue === 'chats' ? '/console/chat' : `/console/queues/${queue}`;
