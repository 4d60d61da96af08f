import { useIsFetching } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '../lib/after-paint';
import { isFirstScreenDone, onFirstScreenDone, releaseFirstScreen } from '../lib/first-screen-done';

/**
 * Whether a member's first screen is done (lib/first-screen-done.ts): a render follows when it becomes so.
 * That render is a transition, which React does in slices that yield to the browser: it draws the shell
 * and the home again with what waited (the chat, the socket's parts), and as a store's update
 * (useSyncExternalStore, always rendered at once) it was one long task on a phone just after the first
 * screen (issue 22).
 */
export function useFirstScreenDone(): boolean {
  const [done, setDone] = useState(isFirstScreenDone);
  useEffect(() => {
    if (done) return;
    const becomeDone = () => startTransition(() => setDone(true));
    // Released between this render and its effect: no listener would hear it any more.
    if (isFirstScreenDone()) {
      becomeDone();
      return;
    }
    return onFirstScreenDone(becomeDone);
  }, [done]);
  return done;
}

/**
 * The member shell releases the first screen once no query is on its way, that state has been painted,
 * and the pictures it shows have loaded and been painted too.
 */
export function useReleaseFirstScreen(): void {
  const fetching = useIsFetching();
  const done = useFirstScreenDone();
  useEffect(() => {
    if (done || fetching > 0) return;
    // The answers' paint, the pictures it asks for, then their paint.
    let cancelPaint = afterNextPaint(() => {
      void picturesOnScreen().then(() => {
        cancelPaint = afterNextPaint(releaseFirstScreen);
      });
    });
    return () => cancelPaint();
  }, [done, fetching]);
}

/**
 * useReleaseFirstScreen as a component of its own, drawn only until the first screen is done: it follows
 * every query's fetching (useIsFetching), and in the member shell that re-rendered the whole shell at
 * each request's start and end for as long as the member stayed, a long task on a phone just after the
 * first screen.
 */
export function FirstScreenRelease(): null {
  useReleaseFirstScreen();
  return null;
}

const CSS_URL = /url\(["']?([^"')]+)["']?\)/;

/**
 * Resolves when every picture within the window (an image, or an element's background) has loaded: the
 * browser lists each in its resource timings once it has (or failed to), so nothing is asked again.
 */
function picturesOnScreen(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined') return Promise.resolve();
  const pending = new Set<string>();
  for (const el of document.querySelectorAll<HTMLElement>('img, [style*="background-image"]')) {
    const box = el.getBoundingClientRect();
    const visible =
      box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    const url =
      el instanceof HTMLImageElement ? el.currentSrc || el.src : CSS_URL.exec(el.style.backgroundImage)?.[1];
    // A picture drawn from data (a QR code) is never fetched, so no timing would ever list it.
    if (visible && url && !/^(data|blob):/.test(url)) pending.add(new URL(url, document.baseURI).href);
  }
  for (const entry of performance.getEntriesByType('resource')) pending.delete(entry.name);
  if (!pending.size) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) pending.delete(entry.name);
      if (pending.size) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'resource' });
  });
}
