import { Alert, Button, Stack } from '@mantine/core';
import { PasswordInput } from '../../../../components/PasswordInput';
import { PASSWORD_MIN_LENGTH } from '@krapao/contract';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { OtpCodeStep } from '../../../../components/OtpCodeStep';
import { useTranslation } from '../../../../i18n/react';
import { errorCode, retryAfterOf } from '../../../../lib/api-client';
import { useDelayedFlag } from '../../../../lib/delayed';
import type { HeldTicket } from '../../../../lib/otp-ticket';
import { forgotPassword, resetPassword, useForgotPassword } from '../../api/forgot-password';
import { PhoneStep } from '../register/PhoneStep';

/** Answers about the new password: the code is still good, only the password is to change. */
const PASSWORD_ANSWERS = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_WEAK']);

/**
 * Forgot password: the phone, then the code sent to it with a new password, then the member is told to
 * log in again (every session ended). `start` opens at the code when a link carried the ticket (an
 * operator's "reset password" SMS); there is no phone then, so a new code is asked for from step 1.
 */
export function ForgotPasswordFlow({ start }: { start?: HeldTicket | undefined }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [ticket, setTicket] = useState<HeldTicket | null>(start ?? null);
  const [done, setDone] = useState(false);

  if (done)
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} role="status">
          {t('forgot.done')}
        </Alert>
        <Button component={Link} to="/login" state={phone ? { username: phone } : null} size="lg" fullWidth>
          {t('forgot.toLogin')}
        </Button>
      </Stack>
    );
  if (!ticket) return <PhoneForm phone={phone} onPhone={setPhone} onSent={setTicket} />;
  return (
    <ResetForm
      phone={phone}
      ticket={ticket}
      onTicket={setTicket}
      onBack={() => setTicket(null)}
      onDone={() => setDone(true)}
    />
  );
}

function PhoneForm({
  phone,
  onPhone,
  onSent,
}: {
  phone: string;
  onPhone: (phone: string) => void;
  onSent: (ticket: HeldTicket) => void;
}) {
  const { t } = useTranslation();
  const send = useForgotPassword();
  const busy = useDelayedFlag(send.isPending);
  return (
    <PhoneStep
      defaultPhone={phone}
      loading={busy}
      error={send.isError ? errorCode(send.error) : null}
      retryAfterS={send.isError ? retryAfterOf(send.error) : undefined}
      onEdit={() => {
        if (send.isError) send.reset();
      }}
      onSubmit={(next) => {
        onPhone(next);
        send.mutate(next, { onSuccess: onSent });
      }}
      intro={t('forgot.phoneIntro')}
      label={t('login.username')}
      placeholder={t('login.usernamePlaceholder')}
      submitLabel={t('forgot.sendCode')}
      autoComplete="username"
    >
      <Button component={Link} to="/login" variant="subtle" size="sm" fullWidth>
        {t('forgot.backToLogin')}
      </Button>
    </PhoneStep>
  );
}

/** The code (components/OtpCodeStep) with the new password: one request checks both. */
function ResetForm({
  phone,
  ticket,
  onTicket,
  onBack,
  onDone,
}: {
  phone: string;
  ticket: HeldTicket;
  onTicket: (ticket: HeldTicket) => void;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState<{ password?: string; confirm?: string }>({});
  const [refused, setRefused] = useState<string | null>(null);

  // The password's own checks, before the code is spent on it.
  const ready = () => {
    const next = {
      password:
        [...password].length < PASSWORD_MIN_LENGTH
          ? t('validation.passwordMin', { min: PASSWORD_MIN_LENGTH })
          : undefined,
      confirm: confirm !== password ? t('validation.passwordsMismatch') : undefined,
    };
    setInvalid(next);
    setRefused(null);
    return !next.password && !next.confirm;
  };

  return (
    <OtpCodeStep
      sentTo={phone ? t('forgot.sentTo', { phone }) : null}
      ticket={ticket}
      onTicket={onTicket}
      send={(otpCode) => resetPassword({ otpToken: ticket.otpToken, otpCode, newPassword: password })}
      onSent={onDone}
      onAnswer={(code) => {
        if (!PASSWORD_ANSWERS.has(code)) return false;
        setRefused(code);
        return true;
      }}
      resend={phone ? () => forgotPassword(phone) : undefined}
      onBack={onBack}
      submitLabel={t('forgot.submit')}
      submitOnComplete={false}
      ready={ready}
    >
      <PasswordInput
        label={t('forgot.newPassword')}
        autoComplete="new-password"
        leftSection={<IconLock size={18} />}
        value={password}
        error={invalid.password}
        onChange={(e) => {
          setPassword(e.currentTarget.value);
          setInvalid((v) => ({ ...v, password: undefined }));
          setRefused(null);
        }}
      />
      <PasswordInput
        label={t('forgot.confirmPassword')}
        autoComplete="new-password"
        leftSection={<IconLock size={18} />}
        value={confirm}
        error={invalid.confirm}
        onChange={(e) => {
          setConfirm(e.currentTarget.value);
          setInvalid((v) => ({ ...v, confirm: undefined }));
        }}
      />
      {refused && <ErrorAlert code={refused} />}
    </OtpCodeStep>
  );
}
