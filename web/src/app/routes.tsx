import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { loadLaterTexts } from '../i18n';
import { hasSession } from '../lib/session';
import { RootBoundary, RootFallback } from './layouts/RootBoundary';
import { VisitorLayout } from './layouts/VisitorLayout';
import { LoginRoute } from './routes/login';

type Module = { default: ComponentType };
// Every screen but the visitor shell and /login is its own chunk (the /login budget), and brings the
// query cache and the rest of the texts with it (/login loads those once the member starts on the form).
const page = (load: () => Promise<Module>) => async () => {
  const [module, { withQueryClient }] = await Promise.all([
    load(),
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
      {
        Component: VisitorLayout,
        children: [
          { path: 'login', Component: LoginRoute },
          { path: 'register', lazy: page(() => import('./routes/register')) },
          { path: 'contact', lazy: page(() => import('./routes/contact')) },
          { path: 'howto', lazy: page(() => import('./routes/howto')) },
          { path: 'terminated', lazy: page(() => import('./routes/terminated')) },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
      {
        path: 'user',
        loader: requireSession,
        lazy: page(() => import('./layouts/MemberLayout')),
        children: [
          // SH-7: /user goes to /user/home.
          { index: true, loader: () => redirect('/user/home') },
          { path: 'home', lazy: page(() => import('./routes/member-home')) },
          { path: 'statement', lazy: page(() => import('./routes/member-statement')) },
          { path: 'bonus', lazy: page(() => import('./routes/member-bonus')) },
          { path: 'spin', lazy: page(() => import('./routes/member-spin')) },
          { path: 'contact', lazy: page(() => import('./routes/contact')) },
          { path: 'profile', lazy: page(() => import('./routes/member-profile')) },
          // SH-7: a member on an unknown page keeps the member shell (menu, header) and a way home.
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];
