import { Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { hasSession } from '../lib/session';
import { LazyScreen } from './lazy-screen';
import { RootBoundary, RootFallback } from './layouts/RootBoundary';
import { VisitorLayout } from './layouts/VisitorLayout';
import { LoginRoute } from './routes/login';
import { MEMBER_PAGES, VISITOR_PAGES } from './screens';

/** SH-8: member pages need a stored token. A reload keeps a valid one (SH-15): nothing here clears it. */
export function SessionRequired({ children }: { children: ReactNode }) {
  return hasSession() ? children : <Navigate to="/login" replace />;
}

/** The site's root: a member's home, or the login. The splash stays until the home is here. */
function ToStart() {
  return (
    <>
      <Navigate to={hasSession() ? '/user/home' : '/login'} replace />
      <RootFallback />
    </>
  );
}

// Every screen but the visitor shell and /login is a lazy screen (app/screen-loads.ts). screensOf
// (app/screens.ts) reads the same table: the app's navigations wait for a path's screens.
export const routes: RouteObject[] = [
  { index: true, element: <ToStart /> },
  // The operator console: one lazy route tree with its own shell and chunks (src/console/console-app.tsx).
  { path: 'console/*', element: <LazyScreen name="console" /> },
  {
    element: <VisitorLayout />,
    children: [
      { path: 'login', element: <LoginRoute /> },
      ...Object.entries(VISITOR_PAGES).map(([path, screen]) => ({
        path,
        element: <LazyScreen name={screen} />,
      })),
      { path: '*', element: <LazyScreen name="notFound" /> },
    ],
  },
  {
    path: 'user',
    element: (
      <SessionRequired>
        <LazyScreen name="memberLayout" />
      </SessionRequired>
    ),
    children: [
      // SH-7: /user goes to /user/home.
      { index: true, element: <Navigate to="/user/home" replace /> },
      ...Object.entries(MEMBER_PAGES).map(([path, screen]) => ({
        path,
        element: <LazyScreen name={screen} />,
      })),
      // SH-7: a member on an unknown page keeps the member shell (menu, header) and a way home.
      { path: '*', element: <LazyScreen name="notFound" /> },
    ],
  },
];

/**
 * The app's screens by path. Until the first screen is here the splash stays; a screen that fails to
 * load or render offers a reload.
 */
export function AppRoutes() {
  return (
    <RootBoundary>
      <Suspense fallback={<RootFallback />}>
        <Routes />
      </Suspense>
    </RootBoundary>
  );
}

function Routes() {
  return useRoutes(routes);
}
