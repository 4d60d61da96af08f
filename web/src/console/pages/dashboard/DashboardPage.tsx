import {
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Currency, DashboardCurrency } from '@krapao/contract';
import { errorCode } from '../../../lib/api-client';
import { useLocale } from '../../../i18n/react';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { formatAmount, formatBangkok, isoCode } from '../../format';
import { useT } from '../../i18n';
import { PRESETS, presetRange, rangeIsValid, useDashboard, type Preset } from './dashboard-api';
import { HourlyChart } from './HourlyChart';

function Figure({
  label,
  value,
  sub,
  testId,
}: {
  label: string;
  value: string;
  sub?: string;
  testId?: string;
}) {
  return (
    <Card withBorder padding="md" radius="lg">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} data-testid={testId}>
        {value}
      </Text>
      {sub && (
        <Text size="sm" c="dimmed">
          {sub}
        </Text>
      )}
    </Card>
  );
}

/** Rows of label, count, amount (a channel, a bank, a provider, a kind of reward). */
function SumTable({
  title,
  head,
  rows,
}: {
  title: string;
  head: [string, string, string];
  rows: { key: string; label: string; count: number; amount: string }[];
}) {
  const t = useT();
  return (
    <Card withBorder padding="md" radius="lg">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('console.dashboard.none')}
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{head[0]}</Table.Th>
              <Table.Th ta="right">{head[1]}</Table.Th>
              <Table.Th ta="right">{head[2]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td ta="right">{r.count}</Table.Td>
                <Table.Td ta="right">{r.amount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function Section({ title, sub, children }: { title: string; sub?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          {title}
        </Title>
        {sub && (
          <Text size="sm" c="dimmed">
            {sub}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

function CurrencyFigures({ c }: { c: DashboardCurrency }) {
  const t = useT();
  const locale = useLocale();
  const money = (n: number) => formatAmount(n, c.currency, locale);
  const label = (group: string, key: string) => {
    const text = t(`console.dashboard.${group}.${key}`);
    return text.startsWith('console.') ? key : text;
  };
  return (
    <Stack gap="xl">
      <Section title={t('console.dashboard.cashFlow')} sub={t('console.dashboard.cashFlowSub')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure
            label={t('console.dashboard.deposits')}
            value={money(c.deposits.total)}
            sub={t('console.dashboard.count', { count: c.deposits.count })}
            testId="dashboard-deposits"
          />
          <Figure
            label={t('console.dashboard.withdrawals')}
            value={money(c.withdrawals.total)}
            sub={t('console.dashboard.count', { count: c.withdrawals.count })}
            testId="dashboard-withdrawals"
          />
          <Figure label={t('console.dashboard.net')} value={money(c.netCashFlow)} testId="dashboard-net" />
        </SimpleGrid>
      </Section>

      <Section title={t('console.dashboard.games')} sub={t('console.dashboard.gamesSub')}>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Figure
            label={t('console.dashboard.ggr')}
            value={money(c.ggr.ggr)}
            sub={t('console.dashboard.rounds', { count: c.ggr.rounds })}
            testId="dashboard-ggr"
          />
          <Figure
            label={t('console.dashboard.bonusCost')}
            value={money(c.bonusCost.total)}
            sub={t('console.dashboard.adjustmentsLine', { amount: money(c.adjustments) })}
            testId="dashboard-bonus"
          />
          <Figure
            label={t('console.dashboard.active')}
            value={String(c.activeMembers)}
            sub={t('console.dashboard.activeSub')}
            testId="dashboard-active"
          />
          <Figure label={t('console.dashboard.new')} value={String(c.newMembers)} testId="dashboard-new" />
        </SimpleGrid>
      </Section>

      <Section title={t('console.dashboard.hourly')} sub={t('console.dashboard.hourlySub')}>
        <Card withBorder padding="md" radius="lg">
          <HourlyChart hours={c.hours} format={money} />
        </Card>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SumTable
          title={t('console.dashboard.byChannel')}
          head={[
            t('console.dashboard.channel'),
            t('console.dashboard.number'),
            t('console.dashboard.amount'),
          ]}
          rows={c.deposits.byChannel.map((r) => ({
            key: r.channel,
            label: label('channels', r.channel),
            count: r.count,
            amount: money(r.amount),
          }))}
        />
        <SumTable
          title={t('console.dashboard.byBank')}
          head={[t('console.dashboard.bank'), t('console.dashboard.number'), t('console.dashboard.amount')]}
          rows={c.withdrawals.byChannel.map((r) => ({
            key: r.channel,
            label: r.channel,
            count: r.count,
            amount: money(r.amount),
          }))}
        />
        <SumTable
          title={t('console.dashboard.byProvider')}
          head={[
            t('console.dashboard.provider'),
            t('console.dashboard.roundsHead'),
            t('console.dashboard.ggrShort'),
          ]}
          rows={c.ggr.byProvider.map((p) => ({
            key: p.provider,
            label: p.provider,
            count: p.rounds,
            amount: money(p.ggr),
          }))}
        />
        <SumTable
          title={t('console.dashboard.byKind')}
          head={[t('console.dashboard.kind'), t('console.dashboard.number'), t('console.dashboard.amount')]}
          rows={c.bonusCost.byKind.map((r) => ({
            key: r.kind,
            label: label('kinds', r.kind),
            count: r.count,
            amount: money(r.amount),
          }))}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The dashboard: today by default, or a chosen range of Bangkok days; per currency, cash flow and bonus
 * cost from the ledger, GGR from the bet feed (labelled apart: it is not cash), members, and a chart by
 * hour of day.
 */
export default function DashboardPage() {
  const t = useT();
  const [preset, setPreset] = useState<Preset>('today');
  const [custom, setCustom] = useState(() => presetRange('last7'));
  const [currency, setCurrency] = useState<Currency>('BAHT');
  const range = preset === 'range' ? custom : presetRange(preset);
  const valid = rangeIsValid(range.from, range.to);
  const dashboard = useDashboard(range, valid);
  const figures = dashboard.data?.currencies.find((c) => c.currency === currency);

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('console.dashboard.title')}
        sub={
          dashboard.data
            ? t('console.dashboard.asOf', { at: formatBangkok(dashboard.data.at) })
            : t('console.dashboard.sub')
        }
      >
        <SegmentedControl
          value={currency}
          onChange={(v) => setCurrency(v as Currency)}
          data={(['BAHT', 'LAK'] as const).map((c) => ({ value: c, label: isoCode(c) }))}
          aria-label={t('console.dashboard.currency')}
        />
      </PageTitle>
      <Group gap="md" align="flex-end" wrap="wrap">
        <SegmentedControl
          value={preset}
          onChange={(v) => setPreset(v as Preset)}
          data={PRESETS.map((p) => ({ value: p, label: t(`console.dashboard.presets.${p}`) }))}
          aria-label={t('console.dashboard.period')}
        />
        {preset === 'range' && (
          <>
            <TextInput
              type="date"
              label={t('console.dashboard.from')}
              value={custom.from}
              onChange={(e) => setCustom({ ...custom, from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('console.dashboard.to')}
              value={custom.to}
              onChange={(e) => setCustom({ ...custom, to: e.currentTarget.value })}
            />
          </>
        )}
        <Text size="sm" c="dimmed" pb={6}>
          {t('console.dashboard.days', { from: range.from, to: range.to })}
        </Text>
      </Group>
      {!valid ? (
        <ConsoleError code="console.dashboard.rangeInvalid" />
      ) : dashboard.isError ? (
        <ConsoleError code={errorCode(dashboard.error)} />
      ) : !figures ? (
        <PageLoader />
      ) : (
        <CurrencyFigures c={figures} />
      )}
    </Stack>
  );
}
