import type { ActiveReward } from '@krapao/contract';
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useMoneyText } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { bahtToMinor } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useClearBonus } from '../api/clear-bonus';
import { pick } from '../texts';

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 100);

/**
 * BON-1: the active reward, its type and both exits' progress (turnover done of needed; the balance
 * against the line below which it ends), with the cancel button. Cancelling works only once an exit
 * holds (BON-5): what is still missing is said before the button is pressed, and with BONUS_CONDITION.
 */
export function ActiveRewardCard({
  reward,
  onMoneyMoved,
}: {
  reward: ActiveReward;
  onMoneyMoved: () => void;
}) {
  const { t } = useTranslation();
  const lng = useLocale();
  const money = useMoneyText();
  const clear = useClearBonus();
  const [error, setError] = useState<string | null>(null);
  const m = (baht: number) => money(bahtToMinor(baht));
  const stillToPlay = t('bonus.active.conditionHelp', {
    left: m(Math.max(0, reward.turnoverNeeded - reward.turnoverDone)),
    line: m(reward.failBelow),
  });

  const onCancel = () => {
    setError(null);
    clear.mutate(undefined, {
      onSuccess: (answer) => {
        notifySuccess(
          t(answer.outcome === 'SUCCESS' ? 'bonus.active.endedSuccess' : 'bonus.active.endedFail'),
        );
        onMoneyMoved();
      },
      onError: (err) => setError(errorCode(err)),
    });
  };

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p="md"
      className="bonus-active"
      aria-labelledby="bonus-active-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text id="bonus-active-title" fz="xs" tt="uppercase" fw={700} c="dimmed">
              {t('bonus.active.title')}
            </Text>
            <Text fw={800} fz="lg" lh={1.25}>
              {pick(reward.title, lng) || reward.reference}
            </Text>
          </div>
          <Badge variant="light" size="lg" radius="sm" style={{ flexShrink: 0 }}>
            {t(`bonus.active.type.${reward.source}`)}
          </Badge>
        </Group>
        <Text fz="sm">{t('bonus.active.amount', { amount: m(reward.amount) })}</Text>

        {reward.turnoverNeeded > 0 && (
          <div>
            <Group justify="space-between" fz="sm" gap={4}>
              <Text fz="sm" fw={600}>
                {t('bonus.active.turnover')}
              </Text>
              <Text fz="sm" className="tabular" data-testid="bonus-turnover">
                {t('bonus.active.of', { done: m(reward.turnoverDone), needed: m(reward.turnoverNeeded) })}
              </Text>
            </Group>
            <Progress
              value={percentOf(reward.turnoverDone, reward.turnoverNeeded)}
              color="teal"
              size="lg"
              radius="xl"
              aria-label={t('bonus.active.turnover')}
            />
          </div>
        )}
        <div>
          <Group justify="space-between" gap={4}>
            <Text fz="sm" fw={600}>
              {t('bonus.active.balance')}
            </Text>
            <Text fz="sm" className="tabular" data-testid="bonus-balance">
              {m(reward.balance)}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed">
            {t('bonus.active.failLine', { amount: m(reward.failBelow), percent: reward.percentFail })}
          </Text>
        </div>
        <Text fz="sm" c={reward.canClear ? 'teal' : 'dimmed'}>
          {reward.canClear ? (
            <>
              <IconCircleCheck size={16} style={{ verticalAlign: -3 }} /> {t('bonus.active.canClear')}
            </>
          ) : (
            t('bonus.active.notYet')
          )}
        </Text>
        {/* BON-5: what the cancel would answer, said before it is pressed. */}
        {!reward.canClear && (
          <Text fz="sm" fw={600} data-testid="bonus-still-to-play">
            {stillToPlay}
          </Text>
        )}
        {error && (
          <ErrorAlert code={error}>
            {error === 'BONUS_CONDITION' && (
              <Text fz="sm" mt={4}>
                {stillToPlay}
              </Text>
            )}
          </ErrorAlert>
        )}
        <Button
          variant={reward.canClear ? 'filled' : 'light'}
          color={reward.canClear ? 'teal' : 'red'}
          radius="md"
          leftSection={<IconX size={18} />}
          loading={clear.isPending}
          onClick={onCancel}
        >
          {t('bonus.active.cancel')}
        </Button>
      </Stack>
    </Paper>
  );
}
