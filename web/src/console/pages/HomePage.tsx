import { Anchor, Button, Card, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { QueueTile } from '@krapao/contract';
import { useLocale } from '../../i18n/react';
import { useApprovals, useQueueTiles } from '../api/queries';
import { PageTitle } from '../components/PageTitle';
import { formatAmount, formatBangkok } from '../format';
import { useT } from '../i18n';
import { can, PERMISSIONS } from '../permissions';
import { useStaffMe } from '../use-me';
import { PROGRAMME_VIEWS, type ProgrammeView } from './programmes/views';
import { QUEUE_PATH } from './queues/queue-api';

/** The requests waiting for a second person: how many, and since when the oldest. */
/** Requests another staff member asked for: one's own wait for someone else, so they are not counted. */
function ApprovalsTile() {
  const t = useT();
  const me = useStaffMe();
  const waiting = useApprovals('AWAITING_APPROVAL');
  const all = waiting.data?.items ?? [];
  const items = all.filter((a) => a.maker !== me.username);
  const mine = all.length - items.length;
  const oldest = items.reduce<string | null>(
    (min, a) => (min === null || a.createdAt < min ? a.createdAt : min),
    null,
  );
  return (
    <Card withBorder padding="lg" radius="lg">
      <Text fw={600}>{t('console.home.approvals')}</Text>
      <Text fz={40} fw={700} lh={1.2} data-testid="tile-approvals">
        {waiting.isPending ? '…' : waiting.isError ? '–' : items.length}
      </Text>
      <Text size="sm" c="dimmed" mih={20}>
        {oldest ? t('console.home.oldest', { at: formatBangkok(oldest) }) : t('console.home.noneWaiting')}
      </Text>
      {mine > 0 && (
        <Text size="sm" c="dimmed" data-testid="tile-approvals-mine">
          {t('console.home.yoursWaiting', { count: mine })}
        </Text>
      )}
      <Button component={Link} to="/console/approvals" variant="light" mt="md">
        {t('console.home.openApprovals')}
      </Button>
    </Card>
  );
}

function MemberSearchTile() {
  const t = useT();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  return (
    <Card withBorder padding="lg" radius="lg">
      <Text fw={600} mb="sm">
        {t('console.home.findMember')}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void navigate(`/console/members?q=${encodeURIComponent(q.trim())}`);
        }}
      >
        <Stack>
          <TextInput
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            placeholder={t('console.members.placeholder')}
            aria-label={t('console.home.findMember')}
          />
          <Button type="submit" variant="light">
            {t('console.members.search')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** The programmes this role reads, one link each: marketing's work has no queue to count. */
function ProgrammesTile({ views }: { views: readonly ProgrammeView[] }) {
  const t = useT();
  return (
    <Card withBorder padding="lg" radius="lg" data-testid="tile-programmes">
      <Text fw={600}>{t('console.home.programmes')}</Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('console.home.programmesText')}
      </Text>
      <Stack gap={4} align="flex-start">
        {views.map((v) => (
          <Anchor key={v.id} component={Link} to={`/console/programmes/${v.id}`} size="sm">
            {t(`console.programmes.tabs.${v.id}`)}
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}

/** How long the oldest item has waited: minutes, or hours and minutes. */
function useAge() {
  const t = useT();
  return (seconds: number) => {
    const minutes = Math.floor(seconds / 60);
    return minutes < 60
      ? t('console.home.queues.minutes', { count: minutes })
      : t('console.home.queues.hours', { count: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
}

/** One work queue: how many wait, since when the oldest, and their sum per currency. */
function QueueCard({ tile }: { tile: QueueTile }) {
  const t = useT();
  const locale = useLocale();
  const age = useAge();
  return (
    // The tile opens its queue's table (or the chat console): pages/queues, pages/chat.
    <Card
      withBorder
      padding="lg"
      radius="lg"
      data-testid={`queue-${tile.queue}`}
      component={Link}
      to={QUEUE_PATH(tile.queue)}
    >
      <Text fw={600}>{t(`console.home.queues.${tile.queue}`)}</Text>
      <Text fz={40} fw={700} lh={1.2} c={tile.count > 0 ? undefined : 'dimmed'}>
        {tile.count}
      </Text>
      <Text size="sm" c="dimmed" mih={20}>
        {tile.oldestAgeS !== null
          ? t('console.home.queues.oldestAge', { age: age(tile.oldestAgeS) })
          : t('console.home.queues.empty')}
      </Text>
      {/* A sum of nothing known (slips whose amount was never read) says nothing. */}
      {tile.sums
        .filter((s) => s.amount !== 0)
        .map((s) => (
          <Text key={s.currency} size="sm" fw={500}>
            {formatAmount(s.amount, s.currency, locale)}
          </Text>
        ))}
    </Card>
  );
}

/** The queues the server counts for this role; none when it answers nothing (or not yet). */
function QueueTiles() {
  const queues = useQueueTiles();
  return (queues.data?.tiles ?? []).map((tile) => <QueueCard key={tile.queue} tile={tile} />);
}

/**
 * The console's home: the work queues the server counts for this role (GET /api/console/queues, filtered
 * by the permission table there), the requests waiting for a second person, and the member search.
 */
export default function HomePage() {
  const t = useT();
  const me = useStaffMe();
  const programmes = PROGRAMME_VIEWS.filter((v) => can(me, v.read));
  const tiles = [
    <QueueTiles key="queues" />,
    can(me, PERMISSIONS.approvalsRead) && <ApprovalsTile key="approvals" />,
    can(me, PERMISSIONS.membersRead) && <MemberSearchTile key="members" />,
    programmes.length > 0 && <ProgrammesTile key="programmes" views={programmes} />,
  ].filter(Boolean);
  return (
    <>
      <PageTitle title={t('console.home.title', { name: me.username })} sub={t(`console.roles.${me.role}`)} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>{tiles}</SimpleGrid>
    </>
  );
}
