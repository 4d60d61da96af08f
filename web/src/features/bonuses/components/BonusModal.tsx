import type { ActiveReward, Bonus } from '@krapao/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { BannerCarousel } from '../../../components/BannerCarousel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useMoneyText } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { bahtToMinor } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { activateBonus, useActivateBonus } from '../api/activate-bonus';
import { useClearBonus } from '../api/clear-bonus';
import { fillNotice, needsDeposit, pick } from '../texts';
import { RuleList } from './RuleList';

interface BonusModalProps {
  bonus: Bonus | null;
  /** The member's active reward: receiving another first asks to end it (BON-2's confirm). */
  active: ActiveReward | null;
  onClose: () => void;
  onMoneyMoved: () => void;
}

/** BON-2: the bonus modal: banner carousel, the notice with %percentFail% filled in, and receive. */
export function BonusModal({ bonus, onClose, ...props }: BonusModalProps) {
  const { t } = useTranslation();
  const lng = useLocale();
  return (
    <Modal
      opened={bonus !== null}
      onClose={onClose}
      title={bonus ? pick(bonus.name, lng) || bonus.code : t('bonus.title')}
      centered
      radius="lg"
    >
      {bonus && <BonusPanel key={bonus._id} bonus={bonus} onClose={onClose} {...props} />}
    </Modal>
  );
}

function BonusPanel({ bonus: b, active, onClose, onMoneyMoved }: BonusModalProps & { bonus: Bonus }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const money = useMoneyText();
  const activate = useActivateBonus();
  const clear = useClearBonus();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const another = active !== null && b.state !== 'current';
  const notice = fillNotice(pick(b.notice, lng), b.percentFail);

  const received = (amount: number) => {
    notifySuccess(t('bonus.received', { amount: money(bahtToMinor(amount)) }));
    onMoneyMoved();
    onClose();
  };
  const receive = () => {
    setError(null);
    activate.mutate(b.code, {
      onSuccess: (got) => received(got.amount),
      onError: (e) => setError(errorCode(e)),
    });
  };
  // The confirm: end the active bonus (only possible once an exit holds), then receive this one.
  const endThenReceive = async () => {
    setError(null);
    try {
      await clear.mutateAsync();
      onMoneyMoved();
      received((await activateBonus(b.code)).amount);
    } catch (e) {
      setError(errorCode(e));
    } finally {
      setConfirming(false);
    }
  };
  const busy = activate.isPending || clear.isPending;

  return (
    <Stack gap="sm">
      <BannerCarousel
        banners={b.banners}
        label={pick(b.name, lng) || b.code}
        layout="bleed"
        slideLabel={(n, total) => t('bonus.modal.banner', { n, total })}
        arrows={{ previous: t('bonus.modal.previous'), next: t('bonus.modal.next') }}
      />
      {notice && (
        <Text fz="sm" className="bonus-notice" data-testid="bonus-notice">
          {notice}
        </Text>
      )}
      <RuleList
        reward={b.reward}
        minDeposit={b.minDeposit}
        percentSuccess={b.percentSuccess}
        percentFail={b.percentFail}
        categories={b.categories}
        limit={{ type: b.type, count: b.receivedInPeriod, max: b.maxReceived }}
      />
      {error && (
        <ErrorAlert code={error}>
          {error === 'BONUS_CONDITION' && (
            <Text fz="sm" mt={4}>
              {confirming || another
                ? t('bonus.modal.activeCondition')
                : needsDeposit(b.reward, b.minDeposit)
                  ? t('bonus.modal.depositCondition', { amount: money(bahtToMinor(b.minDeposit)) })
                  : null}
            </Text>
          )}
        </ErrorAlert>
      )}
      {b.state === 'current' ? (
        <Text fw={600} c="teal" ta="center">
          {t('bonus.modal.isCurrent')}
        </Text>
      ) : confirming ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={20} />}
          title={t('bonus.modal.confirmTitle')}
        >
          <Text fz="sm">{t('bonus.modal.confirmText')}</Text>
          <Group mt="sm" gap="xs" grow>
            <Button variant="default" radius="md" onClick={() => setConfirming(false)} disabled={busy}>
              {t('bonus.modal.keep')}
            </Button>
            <Button color="orange" radius="md" loading={busy} onClick={() => void endThenReceive()}>
              {t('bonus.modal.confirm')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Button
          size="md"
          radius="md"
          loading={busy}
          onClick={() => (another ? setConfirming(true) : receive())}
        >
          {t('bonus.modal.receive')}
        </Button>
      )}
    </Stack>
  );
}
