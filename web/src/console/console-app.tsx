import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/NumberInput.css';
import './console.css';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, useNavigate, useRoutes } from 'react-router';
import { setSessionEndedHandler } from './api/client';
import { ConsoleError } from './components/ConsoleError';
import { PageLoader } from './components/PageLoader';
import { loadConsoleTexts } from './i18n';
import { ConsoleShell } from './layout/ConsoleShell';
import { can, PERMISSIONS, type Permission } from './permissions';
import { clearStaffToken, getStaffToken } from './session';
import { useStaffMe } from './use-me';

// The operator console: its own shell, query cache and chunks, mounted at /console by one lazy route
// (app/routes.tsx), so that nothing of it loads with a member's pages. Each page is a chunk of its own.
const pages = {
  home: lazy(() => import('./pages/HomePage')),
  dashboard: lazy(() => import('./pages/dashboard/DashboardPage')),
  staff: lazy(() => import('./pages/StaffPage')),
  approvals: lazy(() => import('./pages/ApprovalsPage')),
  members: lazy(() => import('./pages/MembersPage')),
  member: lazy(() => import('./pages/member/MemberPage')),
  audit: lazy(() => import('./pages/AuditPage')),
  queue: lazy(() => import('./pages/queues/QueuePage')),
  chat: lazy(() => import('./pages/chat/ChatPage')),
  programmes: lazy(() => import('./pages/programmes/ProgrammesPage')),
  settings: lazy(() => import('./pages/settings/SettingsPage')),
  notFound: lazy(() => import('./pages/NotFoundPage')),
  signIn: lazy(() => import('./pages/SignInPage')),
};

// The app's defaults (lib/query-client.ts), made from the console's own copy of TanStack Query
// (scripts/vite-console-copies.ts).
const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/** A page the role may not read says so in words, with nothing of it behind (no filters, no export). */
function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const me = useStaffMe();
  return can(me, permission) ? children : <ConsoleError code="FORBIDDEN" />;
}

const page = (Page: ComponentType, permission?: Permission) => (
  <Suspense fallback={<PageLoader />}>
    {permission ? (
      <Allowed permission={permission}>
        <Page />
      </Allowed>
    ) : (
      <Page />
    )}
  </Suspense>
);

/** Pages behind the sign-in: without a staff token in this tab, the sign-in page. */
function Signed() {
  return getStaffToken() ? <ConsoleShell /> : <Navigate to="/console/sign-in" replace />;
}

/** An ended staff session (idle, expired, ended by an admin) goes back to the sign-in page. */
function SessionEndedToSignIn() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    setSessionEndedHandler(() => {
      clearStaffToken();
      client.clear();
      void navigate('/console/sign-in', { replace: true, state: { expired: true } });
    });
    return () => setSessionEndedHandler(() => {});
  }, [client, navigate]);
  return null;
}

function ConsoleRoutes() {
  return useRoutes([
    { path: 'sign-in', element: page(pages.signIn) },
    {
      element: <Signed />,
      children: [
        { index: true, element: page(pages.home) },
        { path: 'dashboard', element: page(pages.dashboard, PERMISSIONS.dashboardRead) },
        { path: 'staff', element: page(pages.staff, PERMISSIONS.staffRead) },
        { path: 'approvals', element: page(pages.approvals, PERMISSIONS.approvalsRead) },
        { path: 'members', element: page(pages.members, PERMISSIONS.membersRead) },
        { path: 'members/:memberId', element: page(pages.member, PERMISSIONS.membersRead) },
        { path: 'audit', element: page(pages.audit, PERMISSIONS.auditRead) },
        { path: 'queues/:queue', element: page(pages.queue) },
        { path: 'chat', element: page(pages.chat, PERMISSIONS.chatRead) },
        { path: 'programmes/:tab?', element: page(pages.programmes) },
        { path: 'settings/:tab?', element: page(pages.settings) },
        { path: '*', element: page(pages.notFound) },
      ],
    },
  ]);
}

export function Component() {
  // One cache per mounted console: what one staff session read never outlives it.
  const [client] = useState(newQueryClient);
  return (
    <QueryClientProvider client={client}>
      <SessionEndedToSignIn />
      <ConsoleRoutes />
    </QueryClientProvider>
  );
}

/** The console's texts (and the app's error texts) before its first screen paints. */
export async function loader() {
  await loadConsoleTexts();
  return null;
}
