import { useNavigation } from 'react-router';
import { useDelayedFlag } from '../../lib/delayed';

/** A thin bar while a screen's chunk loads, after LOADER_DELAY_MS only (SH-17). */
export function NavProgress() {
  const navigation = useNavigation();
  const shown = useDelayedFlag(navigation.state !== 'idle');
  if (!shown) return null;
  return <div role="progressbar" aria-busy="true" className="nav-progress" />;
}
