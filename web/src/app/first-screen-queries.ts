import type { QueryClient } from '@tanstack/react-query';
import { accountQueries } from '../features/accounts/api/queries';
import { protectionQueries } from '../features/protection/api/protection';
import { spinQueries } from '../features/spin/api/spin-api';
import { walletQueries } from '../features/wallet/api/queries';
import { appQueryClient } from '../lib/query-client';
import type { ScreenName } from './screens';

/** A query as prefetchQuery takes it; the screens' own options are of narrower types. */
type FirstQuery = Parameters<QueryClient['prefetchQuery']>[0];

/**
 * The queries of FIRST_SCREEN_GETS (first-screen.ts), as the screens ask for them: the shell's, then the
 * home's. A test sees them take exactly the early answers, each once, and ask for nothing else.
 */
function firstScreenQueries(screen: ScreenName): FirstQuery[] {
  const shell: object[] = [accountQueries.profile()];
  const home: object[] = [walletQueries.detail(), protectionQueries.state(), spinQueries.active()];
  return (screen === 'memberHome' ? [...shell, ...home] : shell) as FirstQuery[];
}

/**
 * How long the first render waits for the first answers at most. They were asked for as the page began
 * and are small, so they have nearly always landed by the time the code has; a slow API should not keep
 * a returning member on the splash when the page can draw from the cached user info.
 */
export const FIRST_ANSWERS_WAIT_MS = 800;

/**
 * Puts the first screen's answers in the query cache before its first render (the entry asked for them
 * as the page began: lib/early-requests.ts), so that the screen is drawn once, with its data, in the
 * first render's transition (time-sliced), rather than drawn empty and then again, in one long task,
 * for each answer as it lands (React Query's updates render synchronously). Gives up waiting after
 * FIRST_ANSWERS_WAIT_MS: a query still on its way goes on, and the screen's own query joins it.
 * A failed answer is left to the screen's query, which asks again as it mounts (React Query's
 * retryOnMount); that is also when an ended session is noticed, since the app's handlers of the api
 * client's events are not wired before the first render.
 */
export async function prefetchFirstScreen(
  screen: ScreenName,
  client: QueryClient = appQueryClient(),
  wait: (ms: number, stop: AbortSignal) => Promise<void> = waitUnlessStopped,
): Promise<void> {
  const answers = Promise.all(firstScreenQueries(screen).map((options) => client.prefetchQuery(options)));
  // The wait ends with the answers: its timer is cleared, not left to fire for nobody.
  const answered = new AbortController();
  try {
    await Promise.race([answers, wait(FIRST_ANSWERS_WAIT_MS, answered.signal)]);
  } finally {
    answered.abort();
  }
}

function waitUnlessStopped(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    stop.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });
}
