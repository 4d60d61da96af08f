import { SegmentedControl } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useT } from '../i18n';
import { can, type Permission } from '../permissions';
import { useStaffMe } from '../use-me';
import { PageTitle } from './PageTitle';

export interface View {
  id: string;
  /** Who sees the view at all. */
  read: Permission;
  /** Who may change what it shows; the others see it read-only. */
  manage: Permission;
  render: (manage: boolean) => ReactNode;
}

/**
 * A console page of several views, one at a time, the address keeping which
 * (/console/<area>/<view>): the views the staff member may read, switched by a segmented control.
 * Texts: console.<area>.title, .sub and .tabs.<view>.
 */
export function ViewsPage({ area, views }: { area: 'programmes' | 'settings'; views: readonly View[] }) {
  const t = useT();
  const me = useStaffMe();
  const navigate = useNavigate();
  const { tab } = useParams();
  const readable = views.filter((x) => can(me, x.read));
  const current = readable.find((x) => x.id === tab) ?? readable[0];
  if (!current) return <Navigate to="/console" replace />;
  return (
    <>
      <PageTitle title={t(`console.${area}.title`)} sub={t(`console.${area}.sub`)} />
      <SegmentedControl
        mb="lg"
        value={current.id}
        onChange={(v) => void navigate(`/console/${area}/${v}`)}
        data={readable.map((x) => ({ value: x.id, label: t(`console.${area}.tabs.${x.id}`) }))}
        aria-label={t(`console.${area}.title`)}
      />
      <div key={current.id}>{current.render(can(me, current.manage))}</div>
    </>
  );
}
