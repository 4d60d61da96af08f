import { Button, Stack, Text } from '@mantine/core';
import { PasswordInput } from '../../../components/PasswordInput';
import { isTooSimplePin, isWellFormedPin, type PinStatus } from '@krapao/contract';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PinField } from '../../../components/PinField';
import { ReviewStep } from '../../../components/ReviewStep';
import { useTranslation } from '../../../i18n/react';
import { errorCode, retryAfterOf } from '../../../lib/api-client';
import { useDelayedFlag } from '../../../lib/delayed';
import { useSetPin } from '../api/pin';

interface SetPinFormProps {
  /** The member has a PIN: this changes it, after a review that asks for the current one. */
  hasPin: boolean;
  /** Said above the form (why a PIN is asked at the first withdrawal). */
  intro?: string;
  submitLabel: string;
  onDone: (status: PinStatus) => void;
}

/**
 * Sets or changes the withdrawal PIN: the password, the new PIN twice; a change then shows a review
 * asking for the current PIN (the server wants both, docs/api.md "Withdrawal PIN").
 */
export function SetPinForm({ hasPin, intro, submitLabel, onDone }: SetPinFormProps) {
  const { t } = useTranslation();
  const mutation = useSetPin();
  const busy = useDelayedFlag(mutation.isPending);
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [inline, setInline] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const send = (currentPin?: string) => {
    mutation.mutate(
      { password, pin, ...(currentPin ? { currentPin } : {}) },
      {
        onSuccess: onDone,
        onError: (error) => {
          const code = errorCode(error);
          // A wrong password or new PIN is fixed on the form; a wrong current PIN on the review.
          if (!code.startsWith('PIN_') || code === 'PIN_FORMAT' || code === 'PIN_TOO_SIMPLE')
            setReviewing(false);
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.reset();
    if (!password) return setInline(t('care.pin.passwordNeeded'));
    if (!isWellFormedPin(pin)) return setInline(t('care.pin.sixDigits'));
    if (isTooSimplePin(pin)) return setInline(t('errors.PIN_TOO_SIMPLE'));
    if (pin !== again) return setInline(t('care.pin.mismatch'));
    setInline(null);
    if (hasPin) setReviewing(true);
    else send();
  };

  const error = mutation.isError ? (
    <ErrorAlert code={errorCode(mutation.error)} retryAfterS={retryAfterOf(mutation.error)} />
  ) : null;

  if (reviewing) {
    return (
      <ReviewStep
        key={attempt}
        rows={[{ label: t('care.pin.newPin'), value: '••••••' }]}
        warning={t('care.pin.changeWarning')}
        askPin
        confirmLabel={t('care.pin.confirmChange')}
        onConfirm={(current) => send(current)}
        onBack={() => {
          mutation.reset();
          setReviewing(false);
        }}
        busy={busy}
        error={error}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="set-pin-form">
      <Stack gap="md">
        {intro && <Text fz="sm">{intro}</Text>}
        <PasswordInput
          label={t('profile.oldPassword')}
          value={password}
          autoComplete="current-password"
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setInline(null);
          }}
        />
        <PinField
          label={t('care.pin.newPin')}
          value={pin}
          onChange={(v) => (setPin(v), setInline(null))}
          testId="new-pin"
        />
        <PinField
          label={t('care.pin.repeatPin')}
          value={again}
          onChange={(v) => (setAgain(v), setInline(null))}
          testId="repeat-pin"
        />
        {inline && (
          <Text fz="sm" c="red" role="alert">
            {inline}
          </Text>
        )}
        {error}
        <Button type="submit" fullWidth loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
