import { Badge } from '@mantine/core';
import { useT } from '../i18n';

const COLORS: Record<string, string> = { ACTIVE: 'teal', FROZEN: 'blue', INACTIVE: 'gray' };

export function MemberStatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light">
      {t(`console.members.status.${status}`)}
    </Badge>
  );
}
