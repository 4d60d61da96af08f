import '@mantine/core/styles/Tooltip.css';
import './statement.css';
import { ActionIcon, Group, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { PAGE_SIZE } from '@krapao/contract';
import { useQueryClient } from '@tanstack/react-query';
import { IconReceipt, IconRefresh } from '@tabler/icons-react';
import type { StatementEntry } from '@krapao/contract';
import { lazy, useState, type ReactNode } from 'react';
import { WhenFirstOpened } from '../../../components/WhenFirstOpened';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { PageNumbers, Pager, pageCount } from '../../../components/Pager';
import { useTranslation } from '../../../i18n/react';
import { serverNow } from '../../../lib/clock';
import { useDelayedFlag } from '../../../lib/delayed';
import { pageWindow, useStatement } from '../api/get-statement';
import { daysBefore, operatorToday, type StatementFilter } from '../api/filter';
import { statementKeys } from '../api/keys';
import { StatementFilters } from './StatementFilters';
import { StatementEntryRow } from './StatementEntry';

// The detail and the export load when first opened, not with the list.
const EntryDetailModal = lazy(() =>
  import('./EntryDetailModal').then((m) => ({ default: m.EntryDetailModal })),
);
const ExportModal = lazy(() => import('./ExportModal').then((m) => ({ default: m.ExportModal })));

/** ST-6: the export starts from the days on screen, else the last 30 days up to today. */
function exportRange(filter: StatementFilter, now: number): { from: string; to: string } {
  const to = filter.to ?? operatorToday(now);
  return { from: filter.from ?? daysBefore(to, 29), to };
}

/** ST-1: the nearby pages as numbered buttons, packed tight so a phone holds them on one line. */
function StatementPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Pager
      page={page}
      pages={pages}
      onPage={onPage}
      labels={{ nav: t('statement.pages'), previous: t('statement.previous'), next: t('statement.next') }}
      gap={6}
    >
      <PageNumbers
        numbers={pageWindow(page, pages)}
        page={page}
        onPage={onPage}
        label={(n) => t('statement.page', { page: n })}
      />
    </Pager>
  );
}

/** ST-1..ST-6: the member's statement, 10 entries a page, narrowed, opened and exported. */
export function StatementView({
  page,
  onPage,
  filter = {},
  onFilter,
  actions,
}: {
  page: number;
  onPage: (page: number) => void;
  /** ST-4: what the list is narrowed to (the route keeps it in the address). */
  filter?: StatementFilter;
  /** The parts of the filter that change (undefined clears one). */
  onFilter?: (patch: StatementFilter) => void;
  /** Shown under the title, e.g. the way to the deposit slips (composed by app/). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { query, data, loading } = useStatement(page, filter);
  const [detail, setDetail] = useState<StatementEntry | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const narrowed = Boolean(filter.type || filter.from || filter.to);
  const refreshing = useDelayedFlag(query.isFetching && !query.isPending);
  const pages = data ? pageCount(data.total, PAGE_SIZE.statement) : 1;
  const now = serverNow();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconReceipt size={24} stroke={1.7} />
          </ThemeIcon>
          <div>
            <Title order={1} fz={22}>
              {t('statement.title')}
            </Title>
            <Text c="dimmed" fz="sm">
              {data && data.total > 0 ? t('statement.count', { count: data.total }) : t('statement.subtitle')}
            </Text>
          </div>
        </Group>
        <Tooltip label={t('statement.refresh')} withArrow>
          <ActionIcon
            variant="light"
            size={44}
            radius="xl"
            aria-label={t('statement.refresh')}
            loading={refreshing}
            onClick={() => void queryClient.invalidateQueries({ queryKey: statementKeys.all() })}
          >
            <IconRefresh size={20} stroke={1.8} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {actions}
      {onFilter && (
        <StatementFilters filter={filter} onFilter={onFilter} onExport={() => setExportOpen(true)} />
      )}

      {/* ERR-3: a list that fails to load hides its loader and stays quiet; the refresh button asks again. */}
      {loading && <DelayedLoader />}
      {data && data.total === 0 && (
        <Stack align="center" ta="center" gap="xs" py="xl" data-testid="statement-empty">
          <ThemeIcon size={72} radius={36} variant="light" color="gray">
            <IconReceipt size={36} stroke={1.5} />
          </ThemeIcon>
          <Title order={2} fz={18}>
            {narrowed ? t('statement.filter.noneTitle') : t('statement.emptyTitle')}
          </Title>
          <Text c="dimmed" maw={300}>
            {narrowed ? t('statement.filter.noneText') : t('statement.emptyText')}
          </Text>
        </Stack>
      )}
      {data && data.total > 0 && (
        <>
          <Stack component="ul" gap="sm" className="statement-list" aria-label={t('statement.title')}>
            {data.statements.map((entry) => (
              <StatementEntryRow key={entry._id} entry={entry} now={now} onOpen={setDetail} />
            ))}
          </Stack>
          {pages > 1 && <StatementPager page={Math.min(page, pages)} pages={pages} onPage={onPage} />}
        </>
      )}
      <WhenFirstOpened opened={detail !== null}>
        <EntryDetailModal entry={detail} onClose={() => setDetail(null)} />
      </WhenFirstOpened>
      <WhenFirstOpened opened={exportOpen}>
        {/* Mounted anew each time it opens, so it starts from the range on screen. */}
        {exportOpen && (
          <ExportModal opened onClose={() => setExportOpen(false)} initial={exportRange(filter, now)} />
        )}
      </WhenFirstOpened>
    </Stack>
  );
}
