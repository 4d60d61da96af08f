/**
 * How many screens are loading (app/screen-loads.ts counts them): a navigation to a screen whose
 * chunk is on its way waits for it, and SH-17's progress bar shows meanwhile. No React here: the
 * entry imports this module.
 */
let loading = 0;
const listeners = new Set<() => void>();

/** Counts a load until the function it answers is called, once, when the load has ended. */
export function screenLoadStarted(): () => void {
  loading += 1;
  notify();
  return () => {
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
