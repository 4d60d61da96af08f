import { useEffect, useState } from 'react';
import { WhenFirstOpened } from '../../../components/WhenFirstOpened';
import { useProtection } from '../api/protection';
import { lazyWithLaterTexts } from '../../../i18n/react';

// The dialog (and Mantine's modal, focus trap and portal with it) loads when a check is first due: a
// member's page paints without them, and most members never set an interval.
const RealityCheckModal = lazyWithLaterTexts(() => import('./RealityCheckModal'), 'RealityCheckModal');

/**
 * The reality check: while the member is on the site, every chosen interval a dialog says how long they
 * have been signed in and the net result of this sign-in's play (the server's figures, read afresh when
 * it opens), with "continue" and "log out". The intervals count from sign-in (the server's session start),
 * so the first comes as soon as one is due. Off when the interval is 0.
 */
export function RealityCheck({ onLogout }: { onLogout: () => void }) {
  const state = useProtection();
  const minutes = state.data?.realityCheckMinutes ?? 0;
  const [open, setOpen] = useState(false);
  const refetch = state.refetch;
  // The server's time since sign-in when it answered; the time since then is this page's own.
  const signedInS = state.data?.session?.elapsedS;
  const answeredAt = state.dataUpdatedAt;

  useEffect(() => {
    if (!minutes || open || signedInS === undefined) return;
    const every = minutes * 60_000;
    // Counted from sign-in, not from this page's load: a reload or a new tab keeps the rhythm.
    const since = signedInS * 1000 + Math.max(0, Date.now() - answeredAt);
    const timer = setTimeout(
      () => {
        void refetch();
        setOpen(true);
      },
      (Math.floor(since / every) + 1) * every - since,
    );
    return () => clearTimeout(timer);
  }, [minutes, open, refetch, signedInS, answeredAt]);

  return (
    <WhenFirstOpened opened={open}>
      <RealityCheckModal opened={open} onClose={() => setOpen(false)} onLogout={onLogout} />
    </WhenFirstOpened>
  );
}
