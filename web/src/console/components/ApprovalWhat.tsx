import type { Approval } from '@krapao/contract';
import { Stack, Text } from '@mantine/core';
import { useLocale } from '../../i18n/react';
import { formatAmount } from '../format';
import { useT } from '../i18n';

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** What a request asks for, in words: the member and amount of an adjustment, the staff and role of a role change. */
export function ApprovalWhat({ approval }: { approval: Approval }) {
  const t = useT();
  const locale = useLocale();
  const p = approval.payload;
  if (approval.kind === 'adjustment' || approval.kind === 'withdrawal') {
    const amount = Number(p.amount);
    return (
      <Stack gap={0}>
        <Text size="sm" fw={600} c={amount < 0 ? 'red.8' : undefined}>
          {Number.isFinite(amount) ? formatAmount(amount, str(p.currency), locale) : '–'}
        </Text>
        <Text size="xs" c="dimmed">
          {[str(p.phone), str(p.memberId)].filter(Boolean).join(' · ')}
        </Text>
        {str(p.reason) && (
          <Text size="xs">{t('console.approvals.reasonGiven', { reason: str(p.reason) })}</Text>
        )}
      </Stack>
    );
  }
  if (approval.kind === 'role') {
    return (
      <Text size="sm">
        {t('console.approvals.roleChange', {
          username: str(p.username),
          role: t(`console.roles.${str(p.role)}`),
        })}
      </Text>
    );
  }
  return (
    <Text size="xs" className="console-json">
      {JSON.stringify(p)}
    </Text>
  );
}
