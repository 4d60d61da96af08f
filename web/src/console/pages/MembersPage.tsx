import { Loader, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPhone } from '../../lib/format';
import { errorCode } from '../../lib/api-client';
import { useFirstMemberOf, useMemberSearch } from '../api/queries';
import { ConsoleError } from '../components/ConsoleError';
import { PageTitle } from '../components/PageTitle';
import { MemberStatusBadge } from '../components/StatusBadge';
import { formatBangkok } from '../format';
import { useT } from '../i18n';

/**
 * One search box for every way a member is found: phone, name, bank account number, member id, or the
 * reference of a deposit or transfer. Enter opens the first match of what is typed.
 */
export default function MembersPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const search = useMemberSearch(debounced);
  const firstMemberOf = useFirstMemberOf();
  const items = debounced.length >= 2 ? (search.data?.items ?? []) : [];
  const open = (memberId: string) => void navigate(`/console/members/${encodeURIComponent(memberId)}`);

  return (
    <>
      <PageTitle title={t('console.members.title')} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const term = q.trim();
          if (term.length < 2) return;
          void firstMemberOf(term).then(
            (first) => first && open(first.memberId),
            () => undefined, // the list below says why, once the box's own search fails the same way
          );
        }}
      >
        <TextInput
          size="lg"
          radius="xl"
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setParams({ q: e.currentTarget.value }, { replace: true });
          }}
          placeholder={t('console.members.placeholder')}
          aria-label={t('console.members.search')}
          leftSection={<IconSearch size={20} />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          autoFocus
          mb="lg"
        />
      </form>
      {search.isError && <ConsoleError code={errorCode(search.error)} />}
      {debounced.length >= 2 && search.isSuccess && items.length === 0 && (
        <Text c="dimmed">{t('console.members.none')}</Text>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover verticalSpacing="sm" bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('console.members.name')}</Table.Th>
                <Table.Th>{t('console.members.phone')}</Table.Th>
                <Table.Th>{t('console.members.memberId')}</Table.Th>
                <Table.Th>{t('console.members.currency')}</Table.Th>
                <Table.Th>{t('console.members.since')}</Table.Th>
                <Table.Th>{t('console.members.statusLabel')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((m) => (
                <Table.Tr
                  key={m.memberId}
                  className="console-row-link"
                  onClick={() => open(m.memberId)}
                  tabIndex={0}
                  onKeyDown={(e) => e.key === 'Enter' && open(m.memberId)}
                >
                  <Table.Td fw={600}>{m.name}</Table.Td>
                  <Table.Td>{formatPhone(m.phone)}</Table.Td>
                  <Table.Td ff="monospace">{m.memberId}</Table.Td>
                  <Table.Td>{m.currency}</Table.Td>
                  <Table.Td>{formatBangkok(m.createdAt)}</Table.Td>
                  <Table.Td>
                    <MemberStatusBadge status={m.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
