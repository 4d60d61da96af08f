import { useEffect, useState } from 'react';

/**
 * The current time (ms since the epoch), read at every render; while `active` the component renders
 * again every `intervalMs` (DEP-7: the QR countdown ticks each second).
 */
export function useNow(active: boolean, intervalMs = 1_000): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((n) => n + 1), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return Date.now();
}
