import type { Icon } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { Words } from '../../components/Words';

/** One tab of the bottom navigation bar: an icon over its label, highlighted on its route. */
export function BottomNavItem({ to, icon: TabIcon, label }: { to: string; icon: Icon; label: string }) {
  return (
    <NavLink to={to} className="bottom-nav__item">
      <TabIcon size={24} stroke={1.7} aria-hidden />
      <span>
        <Words>{label}</Words>
      </span>
    </NavLink>
  );
}
