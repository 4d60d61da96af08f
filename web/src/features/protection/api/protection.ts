import { protection, type Protection, type ProtectionLimits } from '@krapao/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { serverNow } from '../../../lib/clock';

/** The only place the protection query key is spelled. */
export const protectionKeys = { all: () => ['protection'] as const };

export const protectionQueries = {
  /** GET /api/protection: limits in force, a waiting increase, this period's use, a block, this sign-in. */
  state: () =>
    queryOptions({
      queryKey: protectionKeys.all(),
      queryFn: ({ signal }) => callApi(protection.get, undefined, { signal }),
      staleTime: 15_000,
    }),
};

export const useProtection = (enabled = true) => useQuery({ ...protectionQueries.state(), enabled });

/** Every change answers the whole state: it replaces the cached one. */
function useProtectionChange<I>(call: (input: I) => Promise<Protection>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (next: Protection) => client.setQueryData(protectionKeys.all(), next),
  });
}

export const useSetLimits = () =>
  useProtectionChange((limits: ProtectionLimits) => callApi(protection.setLimits, limits));

export const useConfirmLimits = () => useProtectionChange(() => callApi(protection.confirmLimits));

/** The member looked over their limits and play at the periodic prompt (reviewDue). */
export const useMarkReviewed = () => useProtectionChange(() => callApi(protection.review));

export const useSetRealityCheck = () =>
  useProtectionChange((minutes: Protection['realityCheckMinutes']) =>
    callApi(protection.setRealityCheck, { minutes }),
  );

export type BlockRequest = { kind: 'TIMEOUT'; days: number } | { kind: 'EXCLUSION'; months: number };

export const useBlock = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (req: BlockRequest) =>
      req.kind === 'TIMEOUT'
        ? callApi(protection.timeout, { days: req.days as 1 | 7 | 30 | 42 })
        : callApi(protection.exclusion, { months: req.months as 6 | 12 | 60 }),
    // Game balances came back to the wallet: every money figure is read again.
    onSuccess: () => void client.invalidateQueries(),
  });
};

/**
 * A time-out or self-exclusion in force, or null: marketing stops during one (docs/decisions.md "Player
 * protection"), so the home, the quick actions and the programme pages leave their offers out. Unknown
 * (not answered yet, or the server could not say) counts as none: the server refuses what a block
 * forbids either way.
 */
export function useBlockInForce(): Protection['block'] {
  const block = useProtection().data?.block ?? null;
  return block && Date.parse(block.until) > serverNow() ? block : null;
}
