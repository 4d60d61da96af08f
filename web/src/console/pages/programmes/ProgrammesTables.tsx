import { Badge, Button, Group, Switch, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ConsoleBonus, ConsolePromotion } from '@krapao/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { pickText } from '../../../lib/localized-text';
import { notifyError } from '../../../lib/notify';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { formatBangkok } from '../../format';
import { useT } from '../../i18n';
import { consoleCall } from '../../api/client';
import { api, useConsoleRead } from './api';
import { emptyBonus, emptyPromotion, ProgrammeForm } from './ProgrammeForm';

type Row = ConsoleBonus | ConsolePromotion;

function rewardText(t: ReturnType<typeof useT>, r: Row) {
  return r.reward.kind === 'percent'
    ? t('console.programmes.reward.percentText', {
        percent: r.reward.percent,
        max: r.reward.max.toLocaleString('en-US'),
      })
    : t('console.programmes.reward.fixedText', { amount: r.reward.amount.toLocaleString('en-US') });
}

/** Bonuses or promotion codes: the list, a switch on each row, and the form to add or change one. */
export function ProgrammeTable({ kind, manage }: { kind: 'bonus' | 'promotion'; manage: boolean }) {
  const t = useT();
  const locale = useLocale();
  const list = useConsoleRead(kind === 'bonus' ? api.bonuses : api.promotions);
  const client = useQueryClient();
  const flipper = useMutation({
    mutationFn: ({ row, active }: { row: Row; active: boolean }) =>
      consoleCall(
        kind === 'bonus' ? api.switchBonus : api.switchPromotion,
        { currency: row.currency, active },
        { params: { code: row.code } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['console', 'programmes'] }),
    onError: notifyError,
  });
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <ConsoleError code={errorCode(list.error)} />;
  const rows = list.data.items as Row[];
  const flip = (row: Row, active: boolean) => flipper.mutate({ row, active });
  return (
    <>
      {manage && (
        <Group justify="flex-end" mb="sm">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ row: null })}>
            {t(`console.programmes.${kind}.new`)}
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={960}>
        <Table striped verticalSpacing="sm" bg="white" data-testid={`${kind}-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.programmes.fields.code')}</Table.Th>
              <Table.Th>
                {t(
                  kind === 'bonus'
                    ? 'console.programmes.fields.name'
                    : 'console.programmes.fields.description',
                )}
              </Table.Th>
              <Table.Th>{t('console.programmes.fields.currency')}</Table.Th>
              <Table.Th>{t('console.programmes.fields.reward')}</Table.Th>
              <Table.Th>
                {t(kind === 'bonus' ? 'console.programmes.fields.type' : 'console.programmes.fields.validTo')}
              </Table.Th>
              <Table.Th>{t('console.programmes.fields.claims')}</Table.Th>
              <Table.Th>{t('console.programmes.fields.active')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text c="dimmed">{t('console.programmes.none')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((r) => (
              <Table.Tr key={`${r.code}/${r.currency}`}>
                <Table.Td fw={700}>{r.code}</Table.Td>
                <Table.Td>{pickText('name' in r ? r.name : r.description, locale)}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(`console.currency.${r.currency}`)}</Badge>
                </Table.Td>
                <Table.Td>{rewardText(t, r)}</Table.Td>
                <Table.Td>
                  {'type' in r
                    ? t(`console.programmes.types.${r.type}`)
                    : r.validTo
                      ? formatBangkok(r.validTo)
                      : '-'}
                </Table.Td>
                <Table.Td>
                  {'claims' in r ? r.claims : `${r.claimed}${r.totalCap ? ` / ${r.totalCap}` : ''}`}
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={r.active}
                    disabled={!manage}
                    aria-label={t('console.programmes.switch', { code: r.code })}
                    onChange={(e) => flip(r, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  {manage && (
                    <Button size="xs" variant="light" onClick={() => setEditing({ row: r })}>
                      {t('console.programmes.edit')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && (
        <ProgrammeForm
          kind={kind}
          editing={editing.row !== null}
          initial={editing.row ?? (kind === 'bonus' ? emptyBonus() : emptyPromotion())}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
