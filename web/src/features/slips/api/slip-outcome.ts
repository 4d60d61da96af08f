import type { Slip } from '@krapao/contract';
import { useQuery } from '@tanstack/react-query';
import { slipQueries } from './list-slips';

/** How often a slip still being checked is asked about when no realtime event has come. */
const CHECK_EVERY_MS = 4_000;

/**
 * A just-uploaded slip as the server now has it: its status and, once failed, its reason. The slip table's
 * first page holds it (newest first); the realtime socket asks it again the moment the slip's status
 * changes (app/realtime), and a slow poll covers a page without a socket, until the slip is settled.
 */
export function useSlipOutcome(slipId: string | null): Slip | undefined {
  const page = useQuery({
    ...slipQueries.page(1),
    enabled: slipId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.slips.find((s) => s.slipId === slipId)?.status;
      return status === undefined || status === 'PROCESSING' ? CHECK_EVERY_MS : false;
    },
    // A list that cannot be read leaves the slip "being checked": the table says the rest.
    retry: false,
  });
  return page.data?.slips.find((s) => s.slipId === slipId);
}
