import { useEffect, useRef } from 'react';
import { useRefreshSlots } from '../features/wallet/api/refresh-slots';

/**
 * BAL-2: the member who comes back to the page (from a game's tab, another app) sees the game balances as
 * they are now, not as they were before play: when the page becomes visible again after being hidden, the
 * balances are asked of the providers again (one refresh in flight at most, shared with the buttons).
 */
export function useBalancesOnReturn() {
  const refresh = useRefreshSlots();
  const latest = useRef(refresh.mutate);
  latest.current = refresh.mutate;
  useEffect(() => {
    let hidden = document.visibilityState === 'hidden';
    const onChange = () => {
      if (document.visibilityState === 'hidden') hidden = true;
      else if (hidden) {
        hidden = false;
        latest.current();
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
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
