import { Group } from '@mantine/core';
import { IconHeadset, IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { NavLink, Outlet } from 'react-router';
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
        <NavLink to="/login" className="bottom-nav__item">
          <IconLogin2 size={24} stroke={1.7} aria-hidden />
          {t('nav.login')}
        </NavLink>
        <NavLink to="/register" className="bottom-nav__item">
          <IconUserPlus size={24} stroke={1.7} aria-hidden />
          {t('nav.register')}
        </NavLink>
        <NavLink to="/contact" className="bottom-nav__item">
          <IconHeadset size={24} stroke={1.7} aria-hidden />
          {t('nav.contact')}
        </NavLink>
      </nav>
    </div>
  );
}
