import type { MemberDetail } from '@krapao/contract';
import { ActionIcon, Card, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useLocale } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { ConsoleError } from '../../components/ConsoleError';
import { formatAmount, formatBangkok } from '../../format';
import { useT } from '../../i18n';
import { useRefreshMemberBalances } from './member-api';

/**
 * The wallet and each game account as the member's own wallet shows it (what the provider last said,
 * and when), with what the ledger sent there beside it when the two differ (play moved it); a refresh
 * asks every provider again.
 */
export function MemberBalances({ member }: { member: MemberDetail }) {
  const t = useT();
  const locale = useLocale();
  const refresh = useRefreshMemberBalances(member.profile.memberId);
  const money = (n: number) => formatAmount(n, member.wallet.currency, locale);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{t('console.member.balances')}</Text>
        <Tooltip label={t('console.member.refreshBalances')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('console.member.refreshBalances')}
            loading={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="xs" c="dimmed">
        {t('console.member.wallet')}
      </Text>
      <Text fz={28} fw={700} data-testid="member-wallet">
        {money(member.wallet.balance)}
      </Text>
      {refresh.isError && <ConsoleError code={errorCode(refresh.error)} />}
      {member.games.length > 0 && (
        <Table mt="sm" verticalSpacing={4} data-testid="member-games">
          <Table.Tbody>
            {member.games.map((g) => (
              <Table.Tr key={g.provider}>
                <Table.Td>
                  <Text size="sm">{g.name}</Text>
                  <Text size="xs" c={g.stale ? 'orange.8' : 'dimmed'}>
                    {g.reportedAt
                      ? t(g.stale ? 'console.member.gameStale' : 'console.member.gameAt', {
                          time: formatBangkok(g.reportedAt),
                        })
                      : t('console.member.gameNever')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {g.reported === null ? '–' : money(g.reported)}
                  </Text>
                  {g.reported !== g.balance && (
                    <Text size="xs" c="dimmed">
                      {t('console.member.gameSent', { amount: money(g.balance) })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
