import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import { useState } from 'react';
import {
  EXCLUSION_MONTHS,
  PROTECTION_LIMIT_KEYS,
  TIMEOUT_DAYS,
  type ProtectionLimitKey,
} from '@krapao/contract';
import { errorCode } from '../../../lib/api-client';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { formatAmount, formatBangkok } from '../../format';
import { useLocale } from '../../../i18n/react';
import { useT } from '../../i18n';
import { useBlockMember, useMemberProtection, type BlockAsked } from './member-api';
import { LowerLimitModal } from './LowerLimitModal';
import { StepUpFormModal } from './StepUpFormModal';

/** The lengths a block may have, as the member's own page offers them; the select's value is the index. */
const LENGTHS: readonly BlockAsked[] = [
  ...TIMEOUT_DAYS.map((days) => ({ kind: 'TIMEOUT' as const, days })),
  ...EXCLUSION_MONTHS.map((months) => ({ kind: 'EXCLUSION' as const, months })),
];

/**
 * The member's player protection as they see it (limits in force and their use, a raise waiting, a
 * time-out or self-exclusion) so that support can answer why a deposit or a game is refused; and, for
 * risk, a lower limit or a time-out or self-exclusion placed for them. Nothing here raises a limit or
 * shortens or lifts a block.
 */
export function MemberProtection({
  memberId,
  canBlock,
  canLower,
}: {
  memberId: string;
  canBlock: boolean;
  canLower: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const protection = useMemberProtection(memberId);
  const block = useBlockMember(memberId);
  const [blocking, setBlocking] = useState(false);
  const [lowering, setLowering] = useState(false);
  const [choice, setChoice] = useState('0');

  if (protection.isPending) return <PageLoader />;
  if (protection.isError) return <ConsoleError code={errorCode(protection.error)} />;
  const p = protection.data;
  const money = (amount: number | null) =>
    amount === null ? t('console.protection.noLimit') : formatAmount(amount, p.currency, locale);
  /** "Time-out, 7 days", "Self-exclusion, 6 months": a length as the member's own page names it. */
  const lengthText = (block: Pick<BlockAsked, 'kind'> & ({ days: number } | { months: number })) => {
    if ('months' in block) return t('console.protection.exclusionMonths', { count: block.months });
    return block.days === 1
      ? t('console.protection.timeoutOneDay')
      : t('console.protection.timeoutDays', { count: block.days });
  };
  const row = (label: string, keys: readonly ProtectionLimitKey[]) => (
    <Table.Tr>
      <Table.Th>{label}</Table.Th>
      {keys.map((k) => (
        <Table.Td key={k} data-testid={`protection-${k}`}>
          {money(p.limits[k])}
          <Text size="xs" c="dimmed">
            {t('console.protection.used', { amount: formatAmount(p.used[k], p.currency, locale) })}
          </Text>
        </Table.Td>
      ))}
    </Table.Tr>
  );
  const deposit = PROTECTION_LIMIT_KEYS.filter((k) => k.startsWith('deposit'));
  const loss = PROTECTION_LIMIT_KEYS.filter((k) => k.startsWith('loss'));

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        {p.block ? (
          <Alert color="orange" icon={<IconHandStop size={20} />} data-testid="protection-block" maw={640}>
            {t(p.block.kind === 'TIMEOUT' ? 'console.protection.onTimeout' : 'console.protection.excluded', {
              time: formatBangkok(p.block.until),
            })}
          </Alert>
        ) : (
          <Text data-testid="protection-block">{t('console.protection.noBlock')}</Text>
        )}
        <Group gap="sm">
          {canLower && (
            <Button variant="light" onClick={() => setLowering(true)}>
              {t('console.protection.lower')}
            </Button>
          )}
          {canBlock && (
            <Button variant="light" color="orange" onClick={() => setBlocking(true)}>
              {t('console.protection.block')}
            </Button>
          )}
        </Group>
      </Group>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>{t('console.protection.day')}</Table.Th>
            <Table.Th>{t('console.protection.week')}</Table.Th>
            <Table.Th>{t('console.protection.month')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row(t('console.protection.deposit'), deposit)}
          {row(t('console.protection.loss'), loss)}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={2}>
        <Text size="sm">
          {p.depositLeft === null
            ? t('console.protection.noDepositLimit')
            : t('console.protection.depositLeft', {
                amount: formatAmount(p.depositLeft, p.currency, locale),
              })}
        </Text>
        {p.pending && (
          <Text size="sm" data-testid="protection-pending">
            {t('console.protection.pending', { time: formatBangkok(p.pending.appliesAt) })}
          </Text>
        )}
      </SimpleGrid>
      {p.byStaff.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>{t('console.protection.byStaff')}</Title>
          <Table withTableBorder data-testid="protection-by-staff">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('console.protection.when')}</Table.Th>
                <Table.Th>{t('console.protection.by')}</Table.Th>
                <Table.Th>{t('console.protection.what')}</Table.Th>
                <Table.Th>{t('console.protection.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.byStaff.map((c, i) => (
                <Table.Tr key={`${c.at}-${i}`}>
                  <Table.Td>{formatBangkok(c.at)}</Table.Td>
                  <Table.Td>{c.by}</Table.Td>
                  <Table.Td>
                    {c.action === 'block'
                      ? lengthText(c)
                      : t('console.protection.limitSet', {
                          limit: t(`console.protection.limits.${c.limit}`),
                          amount: formatAmount(c.amount, p.currency, locale),
                        })}
                  </Table.Td>
                  <Table.Td>{c.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {canLower && (
        <LowerLimitModal
          memberId={memberId}
          protection={p}
          opened={lowering}
          onClose={() => setLowering(false)}
        />
      )}
      {canBlock && (
        <StepUpFormModal
          opened={blocking}
          title={t('console.protection.blockTitle')}
          text={t('console.protection.blockText')}
          submitLabel={t('console.protection.blockSubmit')}
          doneText={t('console.protection.blocked')}
          check={() => null}
          send={(reason, code) => block.mutateAsync({ asked: LENGTHS[Number(choice)]!, reason, code })}
          onClose={() => setBlocking(false)}
        >
          <NativeSelect
            label={t('console.protection.length')}
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
            data={LENGTHS.map((asked, i) => ({
              value: String(i),
              label: lengthText(asked),
            }))}
          />
        </StepUpFormModal>
      )}
    </Stack>
  );
}
