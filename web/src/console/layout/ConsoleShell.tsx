import { AppShell, Badge, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChartBar,
  IconChecklist,
  IconGift,
  IconSettings,
  IconMessages,
  IconHome,
  IconListSearch,
  IconLogout,
  IconUsers,
  IconUserShield,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, NavLink as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { console as consoleApi } from '@krapao/contract';
import { ConsoleError } from '../components/ConsoleError';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { errorCode } from '../../lib/api-client';
import { consoleCall } from '../api/client';
import { useMe } from '../api/queries';
import { PageLoader } from '../components/PageLoader';
import { useT } from '../i18n';
import { can, PERMISSIONS, type Permission } from '../permissions';
import { clearStaffToken } from '../session';
import { useStaffSocket } from '../use-staff-socket';

interface Entry {
  /** Under /console ('' is the home page). */
  path: string;
  /** Its label, console.nav.<name>. */
  name: string;
  Icon: ComponentType<{ size?: number }>;
  /** Shown only to a role with this permission (GET /me); the home page to everyone. */
  permission?: Permission;
}

// The navbar, in order: one line per page.
const ENTRIES: Entry[] = [
  { path: '', name: 'home', Icon: IconHome },
  { path: 'dashboard', name: 'dashboard', Icon: IconChartBar, permission: PERMISSIONS.dashboardRead },
  { path: 'approvals', name: 'approvals', Icon: IconChecklist, permission: PERMISSIONS.approvalsRead },
  { path: 'chat', name: 'chat', Icon: IconMessages, permission: PERMISSIONS.chatRead },
  { path: 'members', name: 'members', Icon: IconUsers, permission: PERMISSIONS.membersRead },
  { path: 'audit', name: 'audit', Icon: IconListSearch, permission: PERMISSIONS.auditRead },
  { path: 'staff', name: 'staff', Icon: IconUserShield, permission: PERMISSIONS.staffRead },
  { path: 'programmes', name: 'programmes', Icon: IconGift, permission: PERMISSIONS.bonusesRead },
  // Finance reads the withdrawal settings; the admin changes them all.
  { path: 'settings', name: 'settings', Icon: IconSettings, permission: PERMISSIONS.withdrawalsRead },
];

/** Whether a navbar entry is the page shown: the home page exactly, another page and what lies under it. */
const isActive = (path: string, pathname: string) =>
  path === '' ? /^\/console\/?$/.test(pathname) : pathname.startsWith(`/console/${path}`);

/** Signs out on the server (best effort) and forgets the session in this tab. */
export function useSignOut() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async () => {
    await consoleCall(consoleApi.signOut).catch(() => {});
    clearStaffToken();
    client.clear();
    await navigate('/console/sign-in', { replace: true });
  };
}

/** The console's AppShell: what the role may open in the navbar, who is signed in, the language. */
export function ConsoleShell() {
  const t = useT();
  const me = useMe();
  // The queues' live nudges (tiles, queue tables, chats), for as long as the console is open.
  useStaffSocket();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const signOut = useSignOut();

  if (me.isPending) return <PageLoader />;
  if (me.isError) {
    return (
      <Stack p="xl" maw={480} mx="auto">
        <ConsoleError code={errorCode(me.error)} />
        <Button variant="light" onClick={() => void me.refetch()}>
          {t('console.retry')}
        </Button>
      </Stack>
    );
  }
  // A first sign-in left half-way (a reload): the sign-in page finishes it.
  if (me.data.mustChangePassword || me.data.mustEnrolTotp) {
    return <Navigate to="/console/sign-in" replace state={{ resume: true }} />;
  }

  const entries = ENTRIES.filter((e) => !e.permission || can(me.data, e.permission));
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header className="console-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              color="white"
              aria-label={t('console.nav.menu')}
            />
            <Text className="console-brand" c="white" size="lg">
              {t('console.title')}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <LanguageSwitch />
            <Stack gap={0} align="flex-end" visibleFrom="xs">
              <Text fw={600} size="sm" c="white" data-testid="console-username">
                {me.data.username}
              </Text>
              <Badge size="sm" variant="white">
                {t(`console.roles.${me.data.role}`)}
              </Badge>
            </Stack>
            <Button
              variant="subtle"
              color="gray.0"
              size="sm"
              leftSection={<IconLogout size={16} />}
              onClick={() => void signOut()}
            >
              {t('console.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('console.nav.label')}>
        {entries.map(({ path, name, Icon }) => (
          <NavLink
            key={name}
            component={RouterLink}
            to={path ? `/console/${path}` : '/console'}
            end={path === ''}
            label={t(`console.nav.${name}`)}
            leftSection={<Icon size={18} />}
            active={isActive(path, pathname)}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main className="console-main">
        <div className="console-page">
          <Outlet context={me.data} />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
