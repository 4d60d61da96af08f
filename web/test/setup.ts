import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterAll, afterEach, vi } from 'vitest';
import { setApiEventHandlers } from '../src/lib/api-client';
import { releaseFirstScreen } from '../src/lib/first-screen-done';
import { onScreenLoading, screenLoading } from '../src/lib/screen-loading';
import { cacheComputedStyles } from './computed-style-cache';
import { realtimeStub } from './realtime';

// The realtime socket: no server in jsdom; tests play it through realtimeStub.
vi.mock('../src/app/realtime/socket', async () => {
  const { realtimeStub } = await import('./realtime');
  return { openRealtime: realtimeStub.open };
});

// Lazy routes load a chunk before they render; on a busy 2-core machine that can pass the default 1 s.
// A file of the 'own page' project imports the whole app afresh: beside the browser tests, on a machine
// where fresh memory is dear, its first screen took more than 5 s to draw (2026-11-29). A wait for an
// element is a hang detector, not a bar: a passing test still goes on the moment its element is there.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks what Mantine measures with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
// jsdom's getComputedStyle answers again for the same nodes, at half a millisecond each (see the module).
cacheComputedStyles(window);

afterEach(() => {
  cleanup();
  // The toast store is a module singleton: empty it so one test's toasts never fill the next's.
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  realtimeStub.reset();
  // A test that loaded a member page the way a browser does holds its first screen (lib/first-screen-done.ts).
  releaseFirstScreen();
  // The api client's handlers are a module singleton too: the next test starts, as a page load does,
  // with none wired (an app renderApp drew wires its own), not with an earlier test's router.
  setApiEventHandlers({ sessionEnded: () => {}, gone: () => {} });
});

// A screen's chunk a test asked for (app/screen-loads.ts) may still be on its way when the file's last test
// ends: its imports then reached a torn-down environment and failed the next files of the worker
// (EnvironmentTeardownError, BannerCarousel.css through the bonus screen, on a busy machine). The file
// ends once every load it started has.
afterAll(
  () =>
    new Promise<void>((resolve) => {
      if (!screenLoading()) return resolve();
      const stop = onScreenLoading(() => {
        if (screenLoading()) return;
        stop();
        resolve();
      });
    }),
);
