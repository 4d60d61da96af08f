/**
 * How many screens are loading (app/screen-loads.ts counts them): a navigation to a screen whose
 * chunk is on its way waits for it, and SH-17's progress bar shows meanwhile. No React here: the
 * entry imports this module.
 */
let loading = 0;
const listeners = new Set<() => void>();

export function screenLoadStarted(): () => void {
  loading += 1;
  notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    loading -= 1;
    notify();
  };
}

function notify() {
  for (const listener of listeners) listener();
}

export function onScreenLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a screen is loading. */
export const screenLoading = () => loading > 0;
