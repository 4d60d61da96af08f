import { useSyncExternalStore } from 'react';
import { useDelayedFlag } from '../../lib/delayed';
import { onScreenLoading, screenLoading } from '../../lib/screen-loading';

/** A thin bar while a screen's chunk loads, after LOADER_DELAY_MS only (SH-17). */
export function NavProgress() {
  const loading = useSyncExternalStore(onScreenLoading, screenLoading, () => false);
  const shown = useDelayedFlag(loading);
  if (!shown) return null;
  return <div role="progressbar" aria-busy="true" className="nav-progress" />;
}
