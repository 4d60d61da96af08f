import type { Icon } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { Words } from '../../components/Words';

export interface BottomNavItemProps {
  to: string;
  icon: Icon;
  label: string;
  /** A count on the icon (the contact tab's unread chat replies, CHAT-6), with what it says to a reader. */
  badge?: { count: number; label: string };
}

/** One tab of the bottom navigation bar: an icon over its label, highlighted on its route. */
export function BottomNavItem({ to, icon: TabIcon, label, badge }: BottomNavItemProps) {
  return (
    <NavLink to={to} className="bottom-nav__item">
      <span className="bottom-nav__icon">
        <TabIcon size={24} stroke={1.7} aria-hidden />
        {badge && badge.count > 0 && (
          <span className="bottom-nav__badge" role="status" aria-label={badge.label}>
            {badge.count > 9 ? '9+' : badge.count}
          </span>
        )}
      </span>
      <span>
        <Words>{label}</Words>
      </span>
    </NavLink>
  );
}
