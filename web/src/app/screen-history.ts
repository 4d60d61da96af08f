import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import { NavigationType, type UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { loadScreen, screenReady } from './screen-loads';
import { screensOf } from './screens';

/** The history the router follows: the browser's, or a memory one in tests. */
export type AppHistory = ReturnType<typeof createBrowserHistory>;

/**
 * The app's own navigations (links, buttons, redirects) change the address once the screen they lead to
 * is here, as they did when the router loaded screens itself: until then the screen before stays, with
 * SH-17's bar after a moment, and the address and the screen never disagree (a member typing in the old
 * form while the address names the new one). Only the latest of several waiting navigations happens.
 * The browser's back and forward change the address first, as in any app; their render is a transition,
 * so a screen not here yet (back past a reload) keeps the one before until it is.
 *
 * The address and the new screen change in one task: the router's updates are not transitions
 * (create-app.tsx), and the push is flushed with its render, so no moment shows the old screen under the
 * new address (a browser test typed into the login form there once). A microtask away from the caller:
 * a navigation asked from an effect (Navigate) cannot flush React's work from inside it.
 */
export function loadingScreensFirst(history: AppHistory): AppHistory {
  let latest = 0;
  const when = (to: Parameters<AppHistory['push']>[0], go: () => void) => {
    const ticket = ++latest;
    const pathname =
      typeof to === 'string' ? to.split(/[?#]/)[0]! : (to.pathname ?? history.location.pathname);
    const names = screensOf(pathname);
    if (names.every(screenReady)) {
      go();
      return;
    }
    // A failed load still navigates: the screen then offers a reload (RootBoundary).
    void Promise.allSettled(names.map(loadScreen)).then(() => {
      if (ticket === latest) go();
    });
  };
  const drawn = (change: () => void) => () => queueMicrotask(() => flushSync(change));
  const waiting = Object.create(history) as AppHistory;
  // A push to another screen opens it at its top, as a page load would: the window's scroll is the
  // document's, so a member who tapped the menu low on the home met the statement scrolled past its title
  // and filters. A push within a screen (its query) and a replace keep the scroll; back and forward
  // (the browser's) are not pushes.
  waiting.push = (to, state) =>
    when(
      to,
      drawn(() => {
        const before = history.location.pathname;
        history.push(to, state);
        if (history.location.pathname !== before) window.scrollTo({ top: 0 });
      }),
    );
  waiting.replace = (to, state) =>
    when(
      to,
      drawn(() => history.replace(to, state)),
    );
  waiting.listen = (listener) =>
    history.listen((update) => {
      if (update.action === NavigationType.Pop) startTransition(() => listener(update));
      else listener(update);
    });
  return waiting;
}
