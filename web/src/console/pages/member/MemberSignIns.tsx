import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { errorCode } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { ReasonModal } from '../../components/ReasonModal';
import { formatBangkok } from '../../format';
import { useT } from '../../i18n';
import { useEndMemberSessions, useMemberSignIns } from './member-api';

/**
 * The member's recent sign-ins (device, whole address, live or ended) and, for a role that may, ending
 * every session at once: a lost phone, a shared computer, an account someone else uses.
 */
export function MemberSignIns({ memberId, canEnd }: { memberId: string; canEnd: boolean }) {
  const t = useT();
  const signIns = useMemberSignIns(memberId);
  const end = useEndMemberSessions(memberId);
  const [ending, setEnding] = useState(false);

  if (signIns.isPending) return <PageLoader />;
  if (signIns.isError) return <ConsoleError code={errorCode(signIns.error)} />;
  const { items, liveSessions } = signIns.data;
  const device = (browser: string, os: string) =>
    browser && os
      ? t('console.member.signIns.device', { browser, os })
      : browser || os || t('console.member.signIns.unknownDevice');

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text data-testid="member-live-sessions">
          {t('console.member.signIns.live', { count: liveSessions })}
        </Text>
        {canEnd && (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconLogout size={16} />}
            disabled={liveSessions === 0}
            onClick={() => setEnding(true)}
          >
            {t('console.member.signIns.endAll')}
          </Button>
        )}
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {t('console.member.signIns.none')}
        </Text>
      ) : (
        <Table striped verticalSpacing="sm" data-testid="member-sign-ins">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.member.signIns.time')}</Table.Th>
              <Table.Th>{t('console.member.signIns.deviceColumn')}</Table.Th>
              <Table.Th>{t('console.member.signIns.address')}</Table.Th>
              <Table.Th>{t('console.member.signIns.session')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((s, i) => (
              <Table.Tr key={`${s.at}-${i}`}>
                <Table.Td>{formatBangkok(s.at)}</Table.Td>
                <Table.Td>
                  <Text size="sm" title={s.userAgent}>
                    {device(s.browser, s.os)}
                  </Text>
                </Table.Td>
                <Table.Td ff="monospace">{s.ip || '–'}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={s.active ? 'teal' : 'gray'}>
                    {t(s.active ? 'console.member.signIns.active' : 'console.member.signIns.ended')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ReasonModal
        opened={ending}
        title={t('console.member.signIns.endTitle')}
        confirmLabel={t('console.member.signIns.endAll')}
        confirmColor="orange"
        reasonRequired
        onClose={() => setEnding(false)}
        onConfirm={async (reason) => {
          const { ended } = await end.mutateAsync(reason);
          setEnding(false);
          notifySuccess(t('console.member.signIns.endedCount', { count: ended }));
        }}
      >
        <Text size="sm">{t('console.member.signIns.endText')}</Text>
      </ReasonModal>
    </>
  );
}
