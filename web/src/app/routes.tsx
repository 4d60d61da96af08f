import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { loadLaterTexts } from '../i18n';
import { hasSession } from '../lib/session';
import { RootBoundary, RootFallback } from './layouts/RootBoundary';
import { VisitorLayout } from './layouts/VisitorLayout';
import { LoginRoute } from './routes/login';
import { MEMBER_PAGES, screens, type ScreenName } from './screens';

type Module = { default: ComponentType };
// Every screen but the visitor shell and /login is its own chunk (the /login budget), and brings the
// query cache and the rest of the texts with it (/login loads those once the member starts on the form).
const page = (name: ScreenName) => async () => {
  const [module, { withQueryClient }] = await Promise.all([
    screens[name]() as Promise<Module>,
    import('./query-scope'),
    loadLaterTexts(),
  ]);
  return { Component: withQueryClient(module.default) };
};

/** SH-8: member pages need a stored token. A reload keeps a valid one (SH-15): nothing here clears it. */
export function requireSession() {
  return hasSession() ? null : redirect('/login');
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    ErrorBoundary: RootBoundary,
    HydrateFallback: RootFallback,
    children: [
      { index: true, loader: () => redirect(hasSession() ? '/user/home' : '/login') },
      // The operator console: one lazy route tree with its own shell and chunks (src/console/console-app.tsx).
      { path: 'console/*', lazy: () => import('../console/console-app') },
      {
        Component: VisitorLayout,
        children: [
          { path: 'login', Component: LoginRoute },
          { path: 'register', lazy: page('register') },
          { path: 'forgot-password', lazy: page('forgotPassword') },
          { path: 'contact', lazy: page('contact') },
          { path: 'howto', lazy: page('howto') },
          { path: 'terminated', lazy: page('terminated') },
          { path: '*', lazy: page('notFound') },
        ],
      },
      {
        path: 'user',
        loader: requireSession,
        lazy: page('memberLayout'),
        children: [
          // SH-7: /user goes to /user/home.
          { index: true, loader: () => redirect('/user/home') },
          ...Object.entries(MEMBER_PAGES).map(([path, screen]) => ({ path, lazy: page(screen) })),
          // SH-7: a member on an unknown page keeps the member shell (menu, header) and a way home.
          { path: '*', lazy: page('notFound') },
        ],
      },
    ],
  },
];
