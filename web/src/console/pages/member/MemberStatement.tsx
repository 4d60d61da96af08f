import { MEMBER_STATEMENT_PAGE_SIZE, STATEMENT_TYPES, type StatementEntry } from '@krapao/contract';
import { Group, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { activityKey, amountSign, StatusBadge, TransferRoute } from '../../../components/StatementLabels';
import { useLocale } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { Pager } from '../../components/Pager';
import { formatAmount, formatBangkok } from '../../format';
import { useT } from '../../i18n';
import { useMemberStatement, type StatementType } from './member-api';

/** An entry's amount as the member's statement signs it (ST-2), with its ISO code. */
function SignedAmount({ entry, currency }: { entry: StatementEntry; currency: string }) {
  const locale = useLocale();
  const sign = amountSign(entry.statementType);
  const color = sign === '+' ? 'teal.8' : sign === '-' ? 'orange.8' : undefined;
  return (
    <Text ta="right" fw={600} c={color} ff="monospace">
      {sign}
      {formatAmount(entry.amount, currency, locale)}
    </Text>
  );
}

/**
 * The member's statement as they see it (their own labels, statuses and reasons), newest first, of one
 * type or all, a page at a time: what staff read when a member calls about their money.
 */
export function MemberStatement({ memberId, currency }: { memberId: string; currency: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [type, setType] = useState<StatementType | null>(null);
  const statement = useMemberStatement(memberId, page, type);

  if (statement.isPending) return <PageLoader />;
  if (statement.isError) return <ConsoleError code={errorCode(statement.error)} />;
  const { total, statements } = statement.data;
  const pages = Math.max(1, Math.ceil(total / MEMBER_STATEMENT_PAGE_SIZE));

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Select
          label={t('console.member.statement.type')}
          data={[
            { value: '', label: t('console.member.statement.allTypes') },
            ...STATEMENT_TYPES.map((value) => ({
              value,
              label: t(`console.member.statement.types.${value}`),
            })),
          ]}
          value={type ?? ''}
          onChange={(value) => {
            setType((value || null) as StatementType | null);
            setPage(1);
          }}
          allowDeselect={false}
          w={240}
        />
        <Text c="dimmed" size="sm" data-testid="member-statement-count">
          {t('console.member.statement.count', { count: total })}
        </Text>
      </Group>
      {statements.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {t(type ? 'console.member.statement.noneOfType' : 'console.member.statement.none')}
        </Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="member-statement">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.member.statement.time')}</Table.Th>
              <Table.Th>{t('console.member.statement.activity')}</Table.Th>
              <Table.Th>{t('console.member.statement.status')}</Table.Th>
              <Table.Th>{t('console.member.statement.reference')}</Table.Th>
              <Table.Th ta="right">{t('console.member.statement.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statements.map((entry) => (
              <Table.Tr key={entry._id}>
                <Table.Td>{formatBangkok(entry.createdAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{t(activityKey(entry))}</Text>
                  <TransferRoute entry={entry} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge entry={entry} />
                </Table.Td>
                <Table.Td ff="monospace">{entry._id}</Table.Td>
                <Table.Td>
                  <SignedAmount entry={entry} currency={currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}
