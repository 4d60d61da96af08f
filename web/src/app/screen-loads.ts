import type { Locale } from '@krapao/contract';
import type { ComponentType } from 'react';
import { loadLaterTexts, loadMemberTexts } from '../i18n';
import { afterFirstScreen } from '../lib/first-screen-done';
import { screenLoadStarted } from '../lib/screen-loading';
import { screens, type ScreenName } from './screens';

/**
 * The lazy screens' loads: each screen's chunk, the query scope and its texts, asked for once and
 * kept. The routes render a screen with React's `use` (app/lazy-screen.tsx), and the entry
 * asks for a member's first screen before React runs (app/first-screen.ts): a screen whose load has
 * ended renders at once, without suspending. No React here: the entry imports this module.
 */

/** A load in the shape React's `use` reads: once settled, `status` and `value` (or `reason`). */
interface ScreenLoad extends Promise<ComponentType> {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: ComponentType;
  reason?: unknown;
}

type Module = { default: ComponentType };

/** Screens that are not in `screens`: the operator console, whose texts load before it paints. */
const otherScreens = {
  console: async (): Promise<ComponentType> => {
    const consoleApp = await import('../console/console-app');
    await consoleApp.loader();
    return consoleApp.Component;
  },
};

export type LoadableScreen = ScreenName | keyof typeof otherScreens;

const loads = new Map<LoadableScreen, ScreenLoad>();

/** A member's first screen: it brings only its own texts, and the rest follow once it is done. */
const MEMBER_FIRST_SCREEN = new Set<ScreenName>(['memberLayout', 'memberHome']);

let laterTextsAsked = false;

/**
 * A screen's texts, in `lng` (the current language by default; the entry names the page's before the
 * texts have started).
 */
export function screenTexts(name: ScreenName, lng?: Locale): Promise<void> {
  if (!MEMBER_FIRST_SCREEN.has(name)) return loadLaterTexts(lng);
  // The entry, the member shell and the home all land here: the rest of the texts is asked for once.
  if (!laterTextsAsked) afterFirstScreen(() => void loadLaterTexts());
  laterTextsAsked = true;
  return loadMemberTexts(lng);
}

async function loadPage(name: ScreenName): Promise<ComponentType> {
  // Every screen but the visitor shell and /login is its own chunk (the /login budget), and brings the
  // query cache and its texts with it (/login loads the rest once the member starts on the form).
  const [module, { withQueryClient }] = await Promise.all([
    screens[name]() as Promise<Module>,
    import('./query-scope'),
    screenTexts(name),
  ]);
  return withQueryClient(module.default);
}

/**
 * The load of a screen, started on the first call. A failed load is forgotten once it has failed, so
 * that the next visit to the screen asks again (a new release while the tab was open, a lost network).
 */
export function loadScreen(name: LoadableScreen): Promise<ComponentType> {
  const known = loads.get(name);
  if (known) return known;
  const load: ScreenLoad =
    name in otherScreens ? otherScreens[name as 'console']() : loadPage(name as ScreenName);
  load.status = 'pending';
  loads.set(name, load);
  const ended = screenLoadStarted();
  load.then(
    (value) => {
      load.status = 'fulfilled';
      load.value = value;
      ended();
    },
    (reason: unknown) => {
      load.status = 'rejected';
      load.reason = reason;
      loads.delete(name);
      ended();
    },
  );
  return load;
}

/** Whether a screen's load has ended well: it renders without suspending. */
export function screenReady(name: LoadableScreen): boolean {
  return loads.get(name)?.status === 'fulfilled';
}
