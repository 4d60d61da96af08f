import { initialLocale, loadLaterTexts } from '../i18n';
import { startEarlyGets } from '../lib/early-requests';
import { getToken } from '../lib/session';
import { memberScreenOf, screens, type ScreenName } from './screens';

/**
 * The GETs a member's first screen makes at once: the shell's profile (its name in the header) and the
 * home page's wallet. Plain paths, not the contract's endpoints, which would bring the schemas into the
 * entry; a test holds them equal.
 */
export const FIRST_SCREEN_GETS = {
  shell: ['/api/account/profile'],
  screens: { memberHome: ['/api/wallet'] } as Partial<Record<ScreenName, readonly string[]>>,
};

/**
 * A member's page needs more than the app's main chunk: the member shell, the page, the query client,
 * the texts beyond /login's and the first answers of the API. The entry starts them all at once, while
 * the main chunk is still on its way, instead of one after the other once it has run. The router later
 * asks for the same modules and gets these; the api client takes the answers (lib/early-requests.ts).
 */
export function startFirstScreen(pathname: string): void {
  const screen = memberScreenOf(pathname);
  const token = getToken();
  if (!screen || !token) return;
  startEarlyGets([...FIRST_SCREEN_GETS.shell, ...(FIRST_SCREEN_GETS.screens[screen] ?? [])], token);
  const started = [
    screens.memberLayout(),
    screens[screen](),
    import('./query-scope'),
    loadLaterTexts(initialLocale()),
  ];
  // A failure here is the router's to show when it asks again.
  for (const promise of started) promise.catch(() => {});
}
