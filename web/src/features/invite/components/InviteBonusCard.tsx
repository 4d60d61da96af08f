import './invite.css';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Currency } from '@krapao/contract';
import { IconUsersPlus } from '@tabler/icons-react';
import { Money, useMoneyText } from '../../../components/Money';
import { useTranslation } from '../../../i18n/react';
import { bahtToMinor } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCollectInvite } from '../api/invite';
import type { InviteSummary } from './InviteModal';

/**
 * HOME-1: the invite bonus card beside the wallet card: the commission to receive now, the exits of the
 * reward it becomes, a receive button, and a way into the invite modal.
 */
export function InviteBonusCard({
  summary,
  currency,
  onCollected,
  onOpenInvite,
}: {
  summary: InviteSummary | undefined;
  currency: Currency | undefined;
  onCollected: () => void;
  onOpenInvite: () => void;
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
      onError: notifyError,
    });
  return (
    <Paper className="invite-card" p="lg" radius="xl" component="section" aria-label={t('invite.cardTitle')}>
      <Stack gap={6} className="invite-card__body">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fz="sm" fw={700}>
              {t('invite.cardTitle')}
            </Text>
            <Text fz="xs" opacity={0.85}>
              {t('invite.cardHint')}
            </Text>
          </div>
          <IconUsersPlus size={28} stroke={1.6} aria-hidden />
        </Group>
        <Text fz={30} fw={800} lh={1.1} data-testid="invite-card-amount">
          {summary ? <Money minor={bahtToMinor(summary.amount)} currency={currency} /> : '—'}
        </Text>
        {summary && (
          <Text fz="xs" data-testid="invite-card-percents">
            {summary.success > 0 ? t('invite.success', { percent: summary.success }) : t('invite.noTurnover')}
            {summary.fail > 0 && ` · ${t('invite.fail', { percent: summary.fail })}`}
          </Text>
        )}
        <Group gap="xs" mt={6} wrap="nowrap">
          <Button
            radius="xl"
            color="dark"
            size="sm"
            flex={1}
            loading={collect.isPending}
            disabled={!summary || summary.amount <= 0}
            onClick={receive}
          >
            {t('invite.receive')}
          </Button>
          <Button radius="xl" variant="white" color="dark" size="sm" flex={1} onClick={onOpenInvite}>
            {t('invite.cardMore')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
