import { GAME_PROVIDERS } from '@krapao/contract';
import { STORAGE_KEYS, writeItem } from '../../lib/storage';

/** What the play button needs of a provider (a wallet slot or the account answer). */
export interface Launchable {
  code: string;
  web?: string | undefined;
  iframe?: boolean | undefined;
}

/**
 * A tab opened while the tap is still being handled: a browser lets a page open a tab only then, and the
 * launch link arrives a round trip later. Null when the page is to navigate instead (or the browser
 * refused the tab).
 */
export type LaunchTab = Window | null;

/** The browser's ways out of the page, in one object so that tests can watch them. */
export const browserWindow = {
  open: (url: string, target: string, features?: string): Window | null => window.open(url, target, features),
  assign: (url: string): void => window.location.assign(url),
};

/** GAME-2: the providers Krapao launches through auto-login; any other opens its web link in a new tab. */
export const isKnownProvider = (code: string) => (GAME_PROVIDERS as readonly string[]).includes(code);

/** Call in the click handler, before any await. */
export function openLaunchTab(provider: Launchable): LaunchTab {
  if (!provider.iframe || !isKnownProvider(provider.code)) return null;
  return browserWindow.open('about:blank', '_blank');
}

/**
 * GAME-2: a provider whose iframe setting is true plays in a new tab; the others are navigated to, the
 * link replacing Krapao in this tab. A link that never came closes the tab opened for it.
 */
export function followLaunchLink(link: string | null, tab: LaunchTab): void {
  if (tab) {
    if (link) tab.location.href = link;
    else tab.close();
    return;
  }
  if (link) {
    // Back from the game reloads the app (or restores it): app/balances-on-return.ts then asks the
    // game balances again, as a return from a game's tab does.
    writeItem(STORAGE_KEYS.leftForGame, '1', 'session');
    browserWindow.assign(link);
  }
}

/** GAME-2: a provider Krapao does not know: its web site in a new tab ('other'). */
export function openOther(provider: Launchable): void {
  if (provider.web) browserWindow.open(provider.web, '_blank', 'noopener');
}

/** GAME-1: the Android and iOS buttons open their link in a new window. */
export function openAppLink(link: string): void {
  browserWindow.open(link, '_blank', 'noopener');
}
