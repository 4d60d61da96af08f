import { firstScreenPictures, type CardSlot } from '../features/games/first-cards';
import { initialLocale } from '../i18n';
import { contractParts } from '../lib/contract-parts';
import { startEarlyGets } from '../lib/early-requests';
import { holdFirstScreen } from '../lib/first-screen-done';
import { getToken } from '../lib/session';
import { yieldToMain } from '../lib/yield';
import { MEMBER_SHELL_META } from './member-shell-meta';
import { loadScreen, screenTexts } from './screen-loads';
import { memberScreenOf, screens, type ScreenName } from './screens';

/**
 * The GETs a member's first screen makes at once: the shell's profile (its name in the header) and the
 * home page's wallet, protection state (a time-out shows instead of the offers) and whether the wheel is
 * on (the spin-coin button). Plain paths, not the contract's endpoints, which would bring the schemas
 * into the entry; a test holds them equal.
 */
export const FIRST_SCREEN_GETS = {
  shell: ['/api/account/profile'],
  screens: { memberHome: ['/api/wallet', '/api/protection', '/api/spinwheel/active'] } as Partial<
    Record<ScreenName, readonly string[]>
  >,
};

/** Adds a link to the head: the browser fetches what it names at once, for the page to take later. */
function preload(attributes: Record<string, string>): void {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}

/**
 * Fetches the member shell's files without running or applying them (index.html lists them): scripts
 * are compiled, stylesheets wait in the cache for the page that applies them.
 */
function preloadMemberShell(): void {
  const files = document.querySelector<HTMLMetaElement>(`meta[name="${MEMBER_SHELL_META}"]`)?.content;
  for (const href of files?.split(' ').filter(Boolean) ?? []) {
    const kind: Record<string, string> = href.endsWith('.css')
      ? { rel: 'preload', as: 'style' }
      : { rel: 'modulepreload' };
    preload({ ...kind, crossorigin: '', href });
  }
}

/**
 * HOME-3: the pictures of the cards in view at once; the first row's are the home's largest paint
 * (asked for at high priority, the second row's at low). They are asked for
 * as soon as the wallet's early answer names them, beside the app's code, rather than once the home
 * has rendered (after all of it has arrived and run). A preload link, not an Image: the card's CSS
 * background then takes the preloaded picture (the pictures are served no-cache, so a plain fetch
 * would be asked again). The answer is read from a copy, unchecked: a body of another shape preloads
 * nothing, and the api client checks the original as always.
 */
export async function preloadCardPictures(wallet: Promise<Response> | undefined): Promise<void> {
  await wallet
    ?.then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((body) => {
      const slots = (body as { slots?: unknown } | null)?.slots;
      if (!Array.isArray(slots)) return;
      // Every card counts for the order (as the carousels draw them); one without a picture has none.
      const cards = slots.filter(
        (s): s is CardSlot =>
          typeof s === 'object' && s !== null && typeof (s as CardSlot).category === 'string',
      );
      for (const { href, priority } of firstScreenPictures(cards)) {
        preload({ rel: 'preload', as: 'image', fetchpriority: priority, href });
      }
    })
    .catch(() => {});
}

/**
 * A member's page needs more than the app's main chunk: the member shell, the page, the schemas, the
 * query client, the texts beyond /login's and the first answers of the API. The entry starts them all
 * at once, while the main chunk is still on its way, instead of one after the other once it has run;
 * the api client takes the answers (lib/early-requests.ts). What it fetches runs later, each part in a
 * task of its own: zod as soon as it is here, the rest once the main chunk has run (runFirstScreen).
 * Answers the page to run then; nothing outside /user or without a session.
 */
export function startFirstScreen(pathname: string): ScreenName | undefined {
  const screen = memberScreenOf(pathname);
  const token = getToken();
  if (!screen || !token) return undefined;
  // What the page does not show at once waits until its first screen is done (lib/first-screen-done.ts).
  holdFirstScreen();
  const answers = startEarlyGets(
    [...FIRST_SCREEN_GETS.shell, ...(FIRST_SCREEN_GETS.screens[screen] ?? [])],
    token,
  );
  if (screen === 'memberHome') void preloadCardPictures(answers.get('/api/wallet'));
  preloadMemberShell();
  // The shell holds the home page; another page has a chunk of its own, asked for now too.
  if (screen !== 'memberHome') screens[screen]().catch(() => {});
  // A member's home brings only the texts it shows; the rest follow once it is done (screen-loads.ts).
  void screenTexts(screen, initialLocale());
  // zod needs nothing else: it runs as soon as it is here, in a task of its own.
  void yieldToMain()
    .then(loadZod)
    .catch(() => {});
  return screen;
}

const loadZod = () => import('../lib/zod');

/**
 * Runs the member shell and the page the router is about to ask for, once the main chunk has run, in a
 * task of its own after zod's and the contract parts' (on a page load everything has arrived by then and
 * would run at once).
 */
export async function runFirstScreen(screen: ScreenName): Promise<void> {
  await loadZod();
  await yieldToMain();
  // The schemas the member shell builds, a part per task (lib/contract-parts).
  for (const part of contractParts) {
    await part();
    await yieldToMain();
  }
  // The routes find these loads ended and render at once (app/screen-loads.ts).
  const [, , queries] = await Promise.all([
    loadScreen('memberLayout'),
    loadScreen(screen),
    import('./first-screen-queries'),
  ]);
  await yieldToMain();
  await queries.prefetchFirstScreen(screen);
}
