import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { DashboardCurrency } from '@krapao/contract';
import { useT } from '../../i18n';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * Deposits, paid withdrawals and GGR by hour of the day in Bangkok, summed over the range. The only
 * importer of @mantine/charts (and recharts): it loads with the dashboard page's chunk alone.
 */
export function HourlyChart({
  hours,
  format,
}: {
  hours: DashboardCurrency['hours'];
  format: (n: number) => string;
}) {
  const t = useT();
  const data = hours.map((h) => ({ ...h, hour: String(h.hour).padStart(2, '0') }));
  return (
    <BarChart
      h={280}
      data={data}
      dataKey="hour"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={format}
      yAxisProps={{ tickFormatter: (v: number) => compact.format(v), width: 56 }}
      tickLine="y"
      gridAxis="y"
      series={[
        { name: 'deposits', label: t('console.dashboard.deposits'), color: 'teal.6' },
        { name: 'withdrawals', label: t('console.dashboard.withdrawals'), color: 'orange.6' },
        { name: 'ggr', label: t('console.dashboard.ggrShort'), color: 'violet.6' },
      ]}
      aria-label={t('console.dashboard.hourly')}
    />
  );
}
