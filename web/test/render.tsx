import type { Locale } from '@krapao/contract';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, {
  PointerEventsCheckLevel,
  type Options as UserEventOptions,
} from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { App, wireApiEvents } from '../src/app/create-app';
import { Providers } from '../src/app/providers';
import { loadingScreensFirst } from '../src/app/screen-history';
import { i18n, initI18n } from '../src/i18n';
import enErrors from '../src/i18n/errors/en.json';
import { createQueryClient } from '../src/lib/query-client';

/**
 * Renders the whole app (real providers, routes, locale files) at `path`; `queryClient` is one a test
 * filled beforehand, as app/first-screen-queries.ts does on a page load.
 */
export async function renderApp(
  path: string,
  {
    locale = 'en' as Locale,
    queryClient = createQueryClient(),
    afterAddressChange,
  }: {
    locale?: Locale;
    /** null: none given, as on a page load: the app makes its own when a screen first needs it. */
    queryClient?: ReturnType<typeof createQueryClient> | null;
    /** Called with the new path at the end of the task that changed the address, before any paint. */
    afterAddressChange?: (pathname: string) => void;
  } = {},
) {
  await initI18n(locale);
  const given = queryClient ?? undefined;
  const memory = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  if (afterAddressChange) {
    const told =
      (change: typeof memory.push): typeof memory.push =>
      (to, state) => {
        change(to, state);
        queueMicrotask(() => afterAddressChange(memory.location.pathname));
      };
    memory.push = told(memory.push);
    memory.replace = told(memory.replace);
  }
  const history = loadingScreensFirst(memory);
  wireApiEvents(history, given);
  // What the tests read of the router: where it is, and a way to go elsewhere.
  const router = {
    get state() {
      return { location: history.location };
    },
    navigate: (to: string) => history.push(to),
  };
  const user = userEvent.setup(USER_EVENT_OPTIONS);
  // Awaited: the first screen's chunk loads as the app renders (it suspends until it is here).
  let view!: RenderResult;
  await act(async () => {
    view = render(<App history={history} queryClient={given} env="test" />);
  });
  return { ...view, router, queryClient, user, t: i18n.t.bind(i18n) };
}

/**
 * Renders one component inside the real providers (query client, Mantine, toasts, locale files) but
 * without routes and layouts: for a feature's own flows, several times faster than renderApp.
 */
export async function renderUi(ui: ReactElement, { locale = 'en' as Locale } = {}) {
  await initI18n(locale);
  const queryClient = createQueryClient();
  const user = userEvent.setup(USER_EVENT_OPTIONS);
  const view = render(
    <Providers queryClient={queryClient} env="test">
      {ui}
    </Providers>,
  );
  return { ...view, queryClient, user, t: i18n.t.bind(i18n) };
}

/**
 * user-event's options for every test. Before each pointer action user-event asks jsdom for the computed
 * `pointer-events` of the target and each of its ancestors, to refuse a click a browser would not deliver:
 * 9 to 15 % of the component suites' CPU. In jsdom that answer is always `auto`: Vitest hands the app's
 * and Mantine's CSS files to it empty, the sheets it holds (Mantine's theme variables and hidden-from
 * classes) have no pointer-events rule and no component sets one inline, so the check can refuse nothing
 * here. The browser tests click with the real CSS.
 */
export const USER_EVENT_OPTIONS: UserEventOptions = { pointerEventsCheck: PointerEventsCheckLevel.Never };

/** ERR-1: what a member reads for a code in English (the translator's file, else the code). */
export function errorEn(code: string): string {
  return (enErrors as Record<string, string>)[code] ?? code;
}

export const location = (router: { state: { location: { pathname: string } } }) =>
  router.state.location.pathname;
