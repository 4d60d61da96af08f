import type { LookupName } from '@krapao/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { loadContract } from '../../../lib/contract';
import { sessionScope } from '../../../lib/session';

const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * A lookup's query. `scope` names who asked when the server answers for the member whose bearer token it
 * carries (the api client sends it whenever a member is logged in): the deposit accounts and withdrawal
 * limits of the member's currency, so a visitor's or another member's answer is never shown.
 */
function lookupQuery<N extends LookupName>(name: N, scope?: string) {
  return queryOptions({
    queryKey: scope === undefined ? (['lookups', name] as const) : (['lookups', name, scope] as const),
    queryFn: async ({ signal }) => callApi((await loadContract()).lookups[name], undefined, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** LK-1: the only place a lookup's query key is spelled. */
export const lookupQueries = {
  all: () => ['lookups'] as const,
  banks: () => lookupQuery('banks'),
  sources: () => lookupQuery('sources'),
  conditions: () => lookupQuery('conditions'),
  /** HOME-2: the agreements with their version. */
  agreements: () => lookupQuery('agreements'),
  contact: () => lookupQuery('contact'),
  info: () => lookupQuery('info'),
  /** CHAT-1: whether the contact pages offer the chat widget. */
  enableChatWidget: () => lookupQuery('enableChatWidget'),
  registerOtp: () => lookupQuery('registerOTP'),
  /** WD-1: withdrawMin / withdrawMax in the member's currency. */
  withdraw: () => lookupQuery('withdraw', sessionScope()),
  /** DEP-2: the accounts (of the member's currency) to deposit to; asked again each time the modal opens. */
  deposit: () => ({ ...lookupQuery('deposit', sessionScope()), staleTime: 0 }),
};

export const useBanks = () => useQuery(lookupQueries.banks());
export const useSources = () => useQuery(lookupQueries.sources());
export const useConditions = (enabled = true) => useQuery({ ...lookupQueries.conditions(), enabled });
export const useAgreements = (enabled = true) => useQuery({ ...lookupQueries.agreements(), enabled });
export const useContact = () => useQuery(lookupQueries.contact());
export const useChatWidgetEnabled = (enabled = true) =>
  useQuery({ ...lookupQueries.enableChatWidget(), enabled });
export const useWithdrawLimits = (enabled = true) => useQuery({ ...lookupQueries.withdraw(), enabled });
export const useDepositAccounts = (enabled = true) => useQuery({ ...lookupQueries.deposit(), enabled });
