import '@mantine/core/styles/Tooltip.css';
import './statement.css';
import { ActionIcon, Group, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { PAGE_SIZE } from '@krapao/contract';
import { useQueryClient } from '@tanstack/react-query';
import { IconReceipt, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { PageNumbers, Pager, pageCount } from '../../../components/Pager';
import { useTranslation } from '../../../i18n/react';
import { serverNow } from '../../../lib/clock';
import { useDelayedFlag } from '../../../lib/delayed';
import { pageWindow, useStatement } from '../api/get-statement';
import { statementKeys } from '../api/keys';
import { StatementEntryRow } from './StatementEntry';

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

/** ST-1..ST-3: the member's statement, 10 entries a page. */
export function StatementView({
  page,
  onPage,
  actions,
}: {
  page: number;
  onPage: (page: number) => void;
  /** Shown under the title, e.g. the way to the deposit slips (composed by app/). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useStatement(page);
  const refreshing = useDelayedFlag(query.isFetching && !query.isPending);
  const data = query.data;
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

      {/* ERR-3: a list that fails to load hides its loader and stays quiet; the refresh button asks again. */}
      {query.isPending && <DelayedLoader />}
      {data && data.total === 0 && (
        <Stack align="center" ta="center" gap="xs" py="xl" data-testid="statement-empty">
          <ThemeIcon size={72} radius={36} variant="light" color="gray">
            <IconReceipt size={36} stroke={1.5} />
          </ThemeIcon>
          <Title order={2} fz={18}>
            {t('statement.emptyTitle')}
          </Title>
          <Text c="dimmed" maw={300}>
            {t('statement.emptyText')}
          </Text>
        </Stack>
      )}
      {data && data.total > 0 && (
        <>
          <Stack component="ul" gap="sm" className="statement-list" aria-label={t('statement.title')}>
            {data.statements.map((entry) => (
              <StatementEntryRow key={entry._id} entry={entry} now={now} />
            ))}
          </Stack>
          {pages > 1 && <StatementPager page={Math.min(page, pages)} pages={pages} onPage={onPage} />}
        </>
      )}
    </Stack>
  );
}
