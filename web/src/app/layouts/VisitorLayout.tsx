import { Group } from '@mantine/core';
import { IconHeadset, IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Outlet } from 'react-router';
import { BottomNavItem } from './BottomNavItem';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Wordmark } from '../../components/Wordmark';
import { NavProgress } from './NavProgress';

/** SH-4: the visitor shell; its bottom menu has /login (home), /register and /contact. */
export function VisitorLayout() {
  const { t } = useTranslation();
  return (
    <div className="app-column">
      <NavProgress />
      <header className="app-header">
        <Group justify="space-between" wrap="nowrap">
          <Wordmark to="/login" />
          <LanguageSwitch />
        </Group>
      </header>
      <main className="app-main">
        <Outlet />
      </main>
      <nav className="bottom-nav" aria-label={t('nav.visitorMenu')}>
        <BottomNavItem to="/login" icon={IconLogin2} label={t('nav.login')} />
        <BottomNavItem to="/register" icon={IconUserPlus} label={t('nav.register')} />
        <BottomNavItem to="/contact" icon={IconHeadset} label={t('nav.contact')} />
      </nav>
    </div>
  );
}
