import { use, type ComponentType } from 'react';
import { loadScreen, type LoadableScreen } from './screen-loads';

/**
 * A lazy screen in a route. Its load is kept (app/screen-loads.ts), so a screen already here renders at
 * once; one still on its way suspends: on a page load the splash stays (the root's Suspense), and on the
 * browser's back or forward, which the router runs as a transition, the screen before it stays until it
 * is here. The app's own navigations wait for it before they change the address (app/screen-history.ts).
 */
export function LazyScreen({ name }: { name: LoadableScreen }) {
  // A load that has ended carries its answer (status, value): `use` then reads it without suspending.
  const Screen = use<ComponentType>(loadScreen(name));
  return <Screen />;
}
