import './statement.css';
import '@mantine/core/styles/Badge.css';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { PAGE_SIZE, type StatementEntry } from '@krapao/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconArrowDownToArc,
  IconArrowUpFromArc,
  IconArrowsExchange,
  IconGift,
  IconReceipt,
  IconRefresh,
  IconRosetteDiscountCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Money } from '../../../components/Money';
import { PageNumbers, Pager, pageCount } from '../../../components/Pager';
import { errorText } from '../../../i18n';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { serverNow } from '../../../lib/clock';
import { useDelayedFlag } from '../../../lib/delayed';
import { bahtToMinor, formatDateTime, formatTimeAgo } from '../../../lib/format';
import { pageWindow, useStatement } from '../api/get-statement';
import { statementKeys } from '../api/keys';

const TYPE_LOOK: Record<StatementEntry['statementType'], { icon: ReactNode; color: string }> = {
  deposit: { icon: <IconArrowDownToArc size={20} stroke={1.8} />, color: 'teal' },
  withdraw: { icon: <IconArrowUpFromArc size={20} stroke={1.8} />, color: 'orange' },
  bonus: { icon: <IconGift size={20} stroke={1.8} />, color: 'grape' },
  finish_bonus: { icon: <IconRosetteDiscountCheck size={20} stroke={1.8} />, color: 'grape' },
  transfer: { icon: <IconArrowsExchange size={20} stroke={1.8} />, color: 'blue' },
};

const DEPOSIT_CHANNELS = new Set(['BANK', 'QR', 'TRUEWALLET', 'SLIP', 'NOTICE']);

/** ST-2: deposit and bonus '+', withdraw '-', transfer (and a finished bonus) none. */
function amountSign(type: StatementEntry['statementType']): '' | '+' | '-' {
  if (type === 'deposit' || type === 'bonus') return '+';
  if (type === 'withdraw') return '-';
  return '';
}

function activityKey(entry: StatementEntry): string {
  if (entry.statementType === 'deposit')
    return `statement.activity.deposit.${DEPOSIT_CHANNELS.has(entry.channel) ? entry.channel : 'other'}`;
  return `statement.activity.${entry.statementType}`;
}

function StatusBadge({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation();
  if (entry.status === 'SUCCESS')
    return (
      <Badge color="teal" variant="light" size="sm">
        {t('statement.status.success')}
      </Badge>
    );
  if (entry.status === 'FAILED')
    return (
      <Group gap={6} wrap="wrap">
        <Badge color="red" variant="light" size="sm">
          {t('statement.status.failed')}
        </Badge>
        {entry.reason && (
          <Text component="span" fz="xs" c="red.8" data-testid="statement-reason">
            ({errorText(entry.reason)})
          </Text>
        )}
      </Group>
    );
  return (
    <Badge color="yellow" variant="light" size="sm">
      {t('statement.status.inProgress')}
    </Badge>
  );
}

function EntryRow({ entry, now }: { entry: StatementEntry; now: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const look = TYPE_LOOK[entry.statementType];
  const sign = amountSign(entry.statementType);
  return (
    <Paper component="li" className="surface statement-entry" p="sm" data-type={entry.statementType}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color={look.color} aria-hidden>
          {look.icon}
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text fw={700} fz="sm" data-testid="statement-activity">
              {t(activityKey(entry))}
            </Text>
            <Text
              fw={800}
              fz="sm"
              c={sign === '+' ? 'teal.8' : sign === '-' ? 'red.7' : undefined}
              style={{ whiteSpace: 'nowrap' }}
              data-testid="statement-amount"
            >
              <Money minor={bahtToMinor(entry.amount)} sign={sign} />
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" mt={2}>
            <span className="tabular" data-testid="statement-date">
              {formatDateTime(entry.createdAt)}
            </span>
            {' · '}
            <span data-testid="statement-ago">{formatTimeAgo(entry.createdAt, locale, now)}</span>
          </Text>
          <div style={{ marginTop: 6 }} data-testid="statement-status">
            <StatusBadge entry={entry} />
          </div>
        </div>
      </Group>
    </Paper>
  );
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

      {query.isPending && <DelayedLoader />}
      {query.isError && !data && (
        <Stack gap="sm">
          <ErrorAlert code={errorCode(query.error)} />
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('statement.retry')}
          </Button>
        </Stack>
      )}
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
              <EntryRow key={entry._id} entry={entry} now={now} />
            ))}
          </Stack>
          {pages > 1 && <StatementPager page={Math.min(page, pages)} pages={pages} onPage={onPage} />}
        </>
      )}
    </Stack>
  );
}
