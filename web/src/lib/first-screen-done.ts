import { afterNextPaint } from './after-paint';

/**
 * What a member's page does not show at once (the realtime socket, the chat's switch and watcher, the
 * agreements' prompt) waits until its first screen is done: the first answers shown and the pictures on
 * screen loaded. On a phone's slow link their requests and code would otherwise share it with the first
 * screen's (on /user/home they were a tenth of what came before its first game card, issue 22).
 *
 * Only a page load straight into a member page waits: app/first-screen.ts holds the first screen, the
 * member shell releases it (app/first-screen-release.ts), and after MAX_WAIT_MS it is released anyway.
 * Otherwise (a later page, a component test) it is done already.
 */
const MAX_WAIT_MS = 3_000;

let done = true;
const waiting = new Set<() => void>();
/** The hold's own fallback: a release ends it, so an earlier hold's never releases a later one. */
let fallback: ReturnType<typeof setTimeout> | undefined;

export function holdFirstScreen(): void {
  if (!done) return;
  done = false;
  fallback = setTimeout(releaseFirstScreen, MAX_WAIT_MS);
}

export function releaseFirstScreen(): void {
  if (done) return;
  done = true;
  clearTimeout(fallback);
  fallback = undefined;
  for (const resume of [...waiting]) resume();
  waiting.clear();
}

export const isFirstScreenDone = (): boolean => done;

/** Calls `listener` once the first screen is done (never when it is done already). */
export function onFirstScreenDone(listener: () => void): () => void {
  waiting.add(listener);
  return () => void waiting.delete(listener);
}

/** Runs `task` once the first screen is done and a frame has been shown. Answers a cancel function. */
export function afterFirstScreen(task: () => void): () => void {
  let cancelPaint: (() => void) | undefined;
  const start = () => (cancelPaint = afterNextPaint(task));
  if (done) {
    start();
    return () => cancelPaint?.();
  }
  const stopWaiting = onFirstScreenDone(start);
  return () => {
    stopWaiting();
    cancelPaint?.();
  };
}
