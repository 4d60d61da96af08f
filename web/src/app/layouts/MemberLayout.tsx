import '@mantine/core/styles/Avatar.css';
import { ActionIcon, Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import {
  IconFileText,
  IconHeadset,
  IconHome,
  IconLogout,
  IconPlus,
  IconReceipt,
  IconUserCircle,
} from '@tabler/icons-react';
import { useState } from 'react';
import { lazyWithLaterTexts, useTranslation } from '../../i18n/react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { BottomNavItem } from './BottomNavItem';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { MemberCurrency } from '../../components/Money';
import { Wordmark } from '../../components/Wordmark';
import { useProfile } from '../../features/accounts/api/get-profile';
import { useLogout } from '../../features/accounts/api/logout';
import { initials } from '../../lib/initials';
import { WhenFirstOpened } from '../../components/WhenFirstOpened';
import { NavProgress } from './NavProgress';
import { MemberChat } from './MemberChat';
import { InstallBanner } from '../../components/InstallBanner';
import { useRealtime } from '../realtime/useRealtime';
import { useBalancesOnReturn } from '../balances-on-return';
import { FirstScreenRelease, useFirstScreenDone } from '../first-screen-release';
import { useChatUnread } from '../../features/chat/unread';
import { useChatWidgetEnabled } from '../../features/lookups/api/lookups';
import { RealityCheck } from '../../features/protection/components/RealityCheck';

// The drawer (with the money dialogs) and the conditions load when first opened, not with every page.
const ActionDrawer = lazyWithLaterTexts(() => import('./ActionDrawer'), 'ActionDrawer');
const ConditionsModal = lazyWithLaterTexts(
  () => import('../../features/lookups/components/ConditionsModal'),
  'ConditionsModal',
);

/**
 * SH-16: everything a member sees is in the wallet's currency (kip for a kip member): the shell tells
 * every amount below it, the realtime toasts included, which currency that is.
 */
export default function MemberLayout() {
  const profile = useProfile();
  return (
    <MemberCurrency currency={profile.data?.currency ?? null}>
      <MemberShell />
    </MemberCurrency>
  );
}

/** SH-9 / SH-10 / SH-11: header with the member, bottom menu, the plus button's drawer. */
function MemberShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const logout = useLogout();
  // Money that arrives shows by itself: one socket while the member is logged in.
  useRealtime();
  useBalancesOnReturn();
  // The chat and its watcher wait until the first screen is done.
  const firstScreenDone = useFirstScreenDone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [conditionsOpen, setConditionsOpen] = useState(false);
  const name = profile.data?.name ?? '';
  // CHAT-6: the contact tab counts the operator's unread replies. On /user/contact the chat widget
  // follows the conversation itself; on the other pages the floating chat button does (MemberChat).
  const chatOn = useChatWidgetEnabled(firstScreenDone).data?.enabled === true;
  const { pathname } = useLocation();
  const onContact = pathname.startsWith('/user/contact');
  const chatUnread = useChatUnread();

  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };

  return (
    <div className="app-column">
      {!firstScreenDone && <FirstScreenRelease />}
      <NavProgress />
      <header className="app-header">
        <Group justify="space-between" wrap="nowrap">
          <Wordmark to="/user/home" />
          <LanguageSwitch />
        </Group>
        <Group justify="space-between" wrap="nowrap" mt="md">
          <UnstyledButton
            component={Link}
            to="/user/profile"
            aria-label={t('nav.profile')}
            className="member-chip"
          >
            <Group gap="sm" wrap="nowrap">
              <Avatar color="brand" variant="filled" radius="xl" size={40}>
                {initials(name)}
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text fz="xs" c="brand.2" lh={1.2}>
                  {t('header.member')}
                </Text>
                <Text fw={700} c="white" truncate maw={190} data-testid="member-name">
                  {name || '…'}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
          <Group gap={6} wrap="nowrap">
            {/* Native titles, not Mantine's Tooltip: member pages then load no floating-ui (about 19 KB gzip). */}
            <ActionIcon
              variant="subtle"
              color="white"
              size={44}
              radius="xl"
              aria-label={t('nav.conditions')}
              title={t('nav.conditions')}
              onClick={() => setConditionsOpen(true)}
            >
              <IconFileText size={22} stroke={1.7} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="white"
              size={44}
              radius="xl"
              aria-label={t('nav.logout')}
              title={t('nav.logout')}
              loading={logout.isPending}
              onClick={onLogout}
            >
              <IconLogout size={22} stroke={1.7} />
            </ActionIcon>
          </Group>
        </Group>
      </header>
      <main className="app-main">
        {/* A new banner for each page: an install offer shows on the next page drawn, not into this one. */}
        <InstallBanner key={pathname} />
        <Outlet />
      </main>
      {/* Player protection: the reality check's timer (its dialog loads only when a check is due). */}
      <RealityCheck onLogout={onLogout} />
      <nav className="bottom-nav" aria-label={t('nav.memberMenu')}>
        <BottomNavItem to="/user/home" icon={IconHome} label={t('nav.home')} />
        <BottomNavItem to="/user/statement" icon={IconReceipt} label={t('nav.statement')} />
        <div className="bottom-nav__plus">
          <button type="button" aria-label={t('nav.actions')} onClick={() => setDrawerOpen(true)}>
            <IconPlus size={30} stroke={2.2} />
          </button>
        </div>
        <BottomNavItem to="/user/profile" icon={IconUserCircle} label={t('nav.profile')} />
        <BottomNavItem
          to="/user/contact"
          icon={IconHeadset}
          label={t('nav.contact')}
          badge={{ count: chatUnread, label: t('chat.unread', { count: chatUnread }) }}
        />
      </nav>
      {chatOn && !onContact && profile.data?._id && (
        <MemberChat userId={profile.data._id} unread={chatUnread} />
      )}
      <WhenFirstOpened opened={drawerOpen}>
        <ActionDrawer opened={drawerOpen} onClose={() => setDrawerOpen(false)} />
      </WhenFirstOpened>
      <WhenFirstOpened opened={conditionsOpen}>
        <ConditionsModal opened={conditionsOpen} onClose={() => setConditionsOpen(false)} />
      </WhenFirstOpened>
    </div>
  );
}
