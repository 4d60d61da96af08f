import { useEffect, useState } from 'react';

/**
 * How far the server's clock is ahead of this device's, in ms. Times the server gives (a QR's expiry)
 * are its own; a phone whose clock is wrong would otherwise show a wrong countdown (DEP-7). Learnt from
 * the Date header of every answer (api-client).
 */
let serverAheadMs = 0;

/** The Date header has whole seconds: a gap below this is the header's rounding, not a wrong clock. */
const NOTICEABLE_SKEW_MS = 2_000;

/**
 * Notes the server's time from an answer's Date header (ignored when absent or unreadable). The header
 * drops the milliseconds; taking the end of its second means a countdown never shows more time than is
 * left.
 */
export function noteServerDate(header: string | null, receivedAt = Date.now()): void {
  const serverTime = (header ? Date.parse(header) : NaN) + 999;
  if (Number.isNaN(serverTime)) return;
  const ahead = serverTime - receivedAt;
  serverAheadMs = Math.abs(ahead) < NOTICEABLE_SKEW_MS ? 0 : ahead;
}

/** The time now on the server's clock (ms since the epoch). */
export function serverNow(): number {
  return Date.now() + serverAheadMs;
}

/**
 * The server's current time, read at every render; while `active` the component renders again every
 * `intervalMs` (DEP-7: the QR countdown ticks each second).
 */
export function useNow(active: boolean, intervalMs = 1_000): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((n) => n + 1), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return serverNow();
}
