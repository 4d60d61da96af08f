import { useEffect, useRef } from 'react';
import { useRefreshSlots } from '../features/wallet/api/refresh-slots';
import { readItem, removeItem, STORAGE_KEYS } from '../lib/storage';

/**
 * BAL-2: the member who comes back to the page (from a game's tab, another app) sees the game balances as
 * they are now, not as they were before play: when the page becomes visible again after being hidden, the
 * balances are asked of the providers again (one refresh in flight at most, shared with the buttons). A
 * game that replaced the app in this tab (features/games/launch.ts) left a mark: back from it, the app
 * starts again (or is restored from the browser's cache), and asks them then.
 */
export function useBalancesOnReturn() {
  const refresh = useRefreshSlots();
  const latest = useRef(refresh.mutate);
  latest.current = refresh.mutate;
  useEffect(() => {
    const backFromGame = () => {
      if (readItem(STORAGE_KEYS.leftForGame, 'session') === null) return;
      removeItem(STORAGE_KEYS.leftForGame);
      latest.current();
    };
    backFromGame();
    let hidden = document.visibilityState === 'hidden';
    const onChange = () => {
      if (document.visibilityState === 'hidden') hidden = true;
      else if (hidden) {
        hidden = false;
        removeItem(STORAGE_KEYS.leftForGame); // this refresh answers a return from a game too
        latest.current();
      }
    };
    const onShow = (e: PageTransitionEvent) => e.persisted && backFromGame();
    document.addEventListener('visibilitychange', onChange);
    window.addEventListener('pageshow', onShow);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('pageshow', onShow);
    };
  }, []);
}

/** BAL-2: a game's modal shows its balance as it is now: opening it refreshes the game balances. */
export function useBalancesWhenOpened(opened: boolean) {
  const refresh = useRefreshSlots();
  const latest = useRef(refresh.mutate);
  latest.current = refresh.mutate;
  useEffect(() => {
    if (opened) latest.current();
  }, [opened]);
}
