import { Alert, Button, List, Text } from '@mantine/core';
import { PROTECTION_LIMIT_KEYS, type Protection } from '@krapao/contract';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useMoneyText } from '../../../components/Money';
import { useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { bahtToMinor, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useConfirmLimits } from '../api/protection';

const LABEL = {
  depositDay: ['protection.deposit', 'protection.day'],
  depositWeek: ['protection.deposit', 'protection.week'],
  depositMonth: ['protection.deposit', 'protection.month'],
  lossDay: ['protection.loss', 'protection.day'],
  lossWeek: ['protection.loss', 'protection.week'],
  lossMonth: ['protection.loss', 'protection.month'],
} as const;

/** A raised or removed limit waits 24 hours, then for the member's confirmation (the server decides when). */
export function PendingLimits({ state }: { state: Protection }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const confirm = useConfirmLimits();
  const pending = state.pending;
  if (!pending) return null;
  const changed = PROTECTION_LIMIT_KEYS.filter((k) => pending.limits[k] !== state.limits[k]);
  return (
    <Alert color="yellow" variant="light" title={t('protection.pendingTitle')} data-testid="pending-limits">
      <Text fz="sm">
        {pending.confirmable
          ? t('protection.pendingReady')
          : t('protection.pendingText', { time: formatDateTime(pending.appliesAt) })}
      </Text>
      <List fz="sm" mt={6}>
        {changed.map((k) => (
          <List.Item key={k}>
            {t(LABEL[k][0])} {t(LABEL[k][1])}:{' '}
            {pending.limits[k] === null
              ? t('protection.none')
              : money(bahtToMinor(pending.limits[k]), state.currency)}
          </List.Item>
        ))}
      </List>
      {confirm.isError && <ErrorAlert code={errorCode(confirm.error)} />}
      <Button
        mt="sm"
        fullWidth
        variant="light"
        disabled={!pending.confirmable}
        loading={confirm.isPending}
        onClick={() =>
          confirm.mutate(undefined, { onSuccess: () => notifySuccess(t('protection.confirmed')) })
        }
      >
        {t('protection.confirm')}
      </Button>
    </Alert>
  );
}
