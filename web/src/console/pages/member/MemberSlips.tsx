import { consoleMembers, MEMBER_STATEMENT_PAGE_SIZE } from '@krapao/contract';
import { Badge, Button, Table, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../i18n';
import { useLocale } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { consoleCall } from '../../api/client';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { Pager } from '../../components/Pager';
import { SlipPicture } from '../../components/SlipPicture';
import { formatAmount, formatBangkok } from '../../format';
import { useT } from '../../i18n';
import { useMemberSlips } from './member-api';

const STATUS_COLOR = { PROCESSING: 'yellow', SUCCESS: 'teal', FAILED: 'red' } as const;

/** The member's slips as their own list shows them (SLIP-3), newest first, each with its picture. */
export function MemberSlips({ memberId, currency }: { memberId: string; currency: string }) {
  const t = useT();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const slips = useMemberSlips(memberId, page);
  if (slips.isPending) return <PageLoader />;
  if (slips.isError) return <ConsoleError code={errorCode(slips.error)} />;
  const { total, slips: items } = slips.data;
  if (!items.length)
    return (
      <Text c="dimmed" py="lg" ta="center">
        {t('console.member.slips.none')}
      </Text>
    );
  return (
    <>
      <Table striped verticalSpacing="sm" data-testid="member-slips">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('console.member.statement.time')}</Table.Th>
            <Table.Th>{t('console.member.statement.amount')}</Table.Th>
            <Table.Th>{t('console.member.statement.status')}</Table.Th>
            <Table.Th>{t('console.member.statement.reference')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((s) => (
            <Table.Tr key={s.slipId}>
              <Table.Td>{formatBangkok(s.createdAt)}</Table.Td>
              <Table.Td>{s.amount === null ? '–' : formatAmount(s.amount, currency, locale)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOR[s.status]}>
                  {t(`console.member.slips.status.${s.status}`)}
                </Badge>
                {s.note && (
                  <Text size="xs" c="red.8" mt={4}>
                    {errorText(s.note)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ff="monospace">{s.reference || '–'}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPhoto size={14} />}
                  onClick={() => setViewing(s.slipId)}
                >
                  {t('console.queues.viewPicture')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Pager page={page} pages={Math.ceil(total / MEMBER_STATEMENT_PAGE_SIZE)} onPage={setPage} />
      <SlipPicture
        slipId={viewing}
        load={(slipId) =>
          consoleCall(consoleMembers.memberSlipPicture, undefined, { params: { memberId, slipId } })
        }
        onClose={() => setViewing(null)}
      />
    </>
  );
}
