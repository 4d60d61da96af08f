import './invite.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Table.css';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { PAGE_SIZE, type Currency } from '@krapao/contract';
import { useState } from 'react';
import { BannerCarousel } from '../../../components/BannerCarousel';
import { CopyField } from '../../../components/CopyField';
import { Money, useMoneyText } from '../../../components/Money';
import { PagedTable } from '../../../components/PagedTable';
import { PercentBadges } from '../../../components/PercentBadges';
import { useTranslation } from '../../../i18n/react';
import { bahtToMinor, formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { inviteLink, useCollectInvite, useInviteBanners, useInvitees } from '../api/invite';

/** The wallet's invite summary (GET /api/wallet `invite`). */
export interface InviteSummary {
  amount: number;
  success: number;
  fail: number;
}

export interface InviteModalProps {
  opened: boolean;
  onClose: () => void;
  /** The member's id: the invite link is /register?code=PR<id>. */
  memberId: string | undefined;
  summary: InviteSummary | undefined;
  currency: Currency | undefined;
  /** After a collection: the caller asks the wallet again (balance and summary). */
  onCollected: () => void;
}

/** INV-1: banners, the invite link with copy, the bonus to receive with its exits, the invitees 10 a page. */
export function InviteModal({ opened, onClose, memberId, summary, currency, onCollected }: InviteModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('invite.title')} centered radius="lg">
      {opened && (
        <Stack gap="md">
          <InviteBanners />
          <InviteLinkBox memberId={memberId} />
          <InviteReceive summary={summary} currency={currency} onCollected={onCollected} />
          <InviteesTable currency={currency} />
        </Stack>
      )}
    </Modal>
  );
}

function InviteBanners() {
  const { t } = useTranslation();
  const banners = useInviteBanners();
  return (
    <BannerCarousel banners={banners.data?.banners} loading={banners.isPending} label={t('invite.banners')} />
  );
}

function InviteLinkBox({ memberId }: { memberId: string | undefined }) {
  const { t } = useTranslation();
  const link = memberId ? inviteLink(memberId) : '';
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" fw={600}>
        {t('invite.linkLabel')}
      </Text>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <Text className="invite-link" fw={600} fz="sm" data-testid="invite-link">
          {link || '—'}
        </Text>
        {link && <CopyField value={link} label={t('invite.copyLink')} />}
      </Group>
      <Text fz="xs" c="dimmed" mt={6}>
        {t('invite.linkHint')}
      </Text>
    </Paper>
  );
}

/** The commission to receive now, the exits of the reward it becomes, and the receive button. */
export function InviteReceive({
  summary,
  currency,
  onCollected,
}: {
  summary: InviteSummary | undefined;
  currency: Currency | undefined;
  onCollected: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const collect = useCollectInvite();
  const receive = () =>
    collect.mutate(undefined, {
      onSuccess: (r) => {
        notifySuccess(t('invite.received', { amount: money(bahtToMinor(r.amount), currency) }));
        onCollected();
      },
      // ERR-1: the server's reason (INVITE_COLLECT, NO_INVITE_BONUS, NO_INVITEE_PLAY_INFO, ...) translated.
      onError: notifyError,
    });
  return (
    <Paper radius="md" p="md" className="invite-receive">
      <Stack gap={6} align="center">
        <Text fz="sm" fw={600}>
          {t('invite.collectable')}
        </Text>
        <Text fz={28} fw={800} lh={1.1} data-testid="invite-amount">
          {summary ? <Money minor={bahtToMinor(summary.amount)} currency={currency} /> : '—'}
        </Text>
        {summary && (
          <PercentBadges
            success={{
              text:
                summary.success > 0
                  ? t('invite.success', { percent: summary.success })
                  : t('invite.noTurnover'),
              hint: t('invite.successHint'),
            }}
            fail={
              summary.fail > 0
                ? { text: t('invite.fail', { percent: summary.fail }), hint: t('invite.failHint') }
                : undefined
            }
            testId="invite-percents"
          />
        )}
        <Button mt={4} radius="xl" fullWidth loading={collect.isPending} onClick={receive}>
          {t('invite.receive')}
        </Button>
      </Stack>
    </Paper>
  );
}

function InviteesTable({ currency }: { currency: Currency | undefined }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useInvitees(page);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('invite.tableTitle')}
      </Title>
      {/* ERR-3: a list that fails to load stays quiet; opening the modal again asks again. */}
      <PagedTable
        page={page}
        onPage={setPage}
        pageSize={PAGE_SIZE.invite}
        rows={query.data?.invites}
        total={query.data?.total}
        loading={query.isPending}
        dense
        empty={{ text: t('invite.empty'), testId: 'invitees-empty' }}
        pagesLabel={t('invite.pages')}
        head={
          <>
            <Table.Th>{t('invite.name')}</Table.Th>
            <Table.Th ta="right">{t('invite.amount')}</Table.Th>
            <Table.Th ta="right">{t('invite.date')}</Table.Th>
          </>
        }
        row={(row, i) => (
          <Table.Tr key={`${page}-${i}`} data-testid="invitee-row">
            <Table.Td data-testid="invitee-name">{row.from.name}</Table.Td>
            <Table.Td ta="right" data-testid="invitee-amount">
              <Money minor={bahtToMinor(row.amount)} currency={currency} />
            </Table.Td>
            <Table.Td ta="right" fz="xs" c="dimmed" data-testid="invitee-date">
              {formatDateTime(row.createdAt)}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
