import { Alert, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { WITHDRAWAL_PIN_LENGTH } from '@krapao/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { PinField } from './PinField';

export interface ReviewRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

interface ReviewStepProps {
  rows: ReviewRow[];
  /** What cannot be undone, said before the PIN ("a withdrawal cannot be cancelled"). */
  warning: string;
  /** Ask for the withdrawal PIN (a member who has one); without, the confirm button alone. */
  askPin: boolean;
  confirmLabel: string;
  onConfirm: (pin: string | undefined) => void;
  onBack: () => void;
  busy: boolean;
  /** The server's answer, in the member's words; a wrong PIN empties the boxes (the caller's key). */
  error?: ReactNode;
}

/**
 * The last look before money or the payout account moves: what will happen, that it cannot be undone,
 * and the withdrawal PIN. Its last digit confirms, as a banking app does; the button does too.
 */
export function ReviewStep({
  rows,
  warning,
  askPin,
  confirmLabel,
  onConfirm,
  onBack,
  busy,
  error,
}: ReviewStepProps) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const ready = !askPin || pin.length === WITHDRAWAL_PIN_LENGTH;
  return (
    <Stack gap="md" data-testid="review-step">
      <Text fw={700}>{t('care.review.title')}</Text>
      <Paper withBorder radius="md" p="sm">
        <Stack gap={6}>
          {rows.map((row, i) => (
            <div key={row.label}>
              {i > 0 && <Divider mb={6} />}
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Text fz="sm" c="dimmed">
                  {row.label}
                </Text>
                <Text
                  fz="sm"
                  fw={700}
                  ta="right"
                  style={{ wordBreak: 'break-word' }}
                  data-testid={row.testId}
                >
                  {row.value}
                </Text>
              </Group>
            </div>
          ))}
        </Stack>
      </Paper>
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        role="note"
        data-testid="review-warning"
      >
        {warning}
      </Alert>
      {askPin && (
        <PinField
          label={t('care.pin.enter')}
          value={pin}
          onChange={setPin}
          onComplete={(full) => !busy && onConfirm(full)}
          disabled={busy}
          autoFocus
          testId="review-pin"
        />
      )}
      {error}
      <Button fullWidth loading={busy} disabled={!ready} onClick={() => onConfirm(askPin ? pin : undefined)}>
        {confirmLabel}
      </Button>
      <Button variant="subtle" fullWidth onClick={onBack} disabled={busy}>
        {t('care.review.back')}
      </Button>
    </Stack>
  );
}
