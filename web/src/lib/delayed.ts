import { useEffect, useState } from 'react';
import { LOADER_DELAY_MS } from '@krapao/contract';

/** SH-17: true only once `active` has lasted LOADER_DELAY_MS, so fast answers never flicker. */
export function useDelayedFlag(active: boolean, delayMs: number = LOADER_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
