import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { isTenDigitPhone, OTP_DIGITS, PASSWORD_MIN_LENGTH } from '@krapao/contract';
import { IconCircleCheck, IconDeviceMobile, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { NewCodeLink, OtpCodeEntry } from '../../../../components/OtpCodeEntry';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { errorText } from '../../../../i18n';
import { useTranslation } from '../../../../i18n/react';
import { errorCode, retryAfterOf } from '../../../../lib/api-client';
import { isLaosBuild } from '../../../../lib/config';
import { useDelayedFlag } from '../../../../lib/delayed';
import { SPENT_CODE_ANSWERS, useSecondsToResend, type HeldTicket } from '../../../../lib/otp-ticket';
import { localPhone } from '../../../../lib/phone';
import { useForgotPassword, useResetPassword } from '../../api/forgot-password';

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
  const [invalid, setInvalid] = useState<string | null>(null);
  const busy = useDelayedFlag(send.isPending);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone) return setInvalid(t('common.required'));
    if (!isLaosBuild() && !isTenDigitPhone(phone))
      return setInvalid(errorText('PHONE_NUMBER_REQUIRE_10_DIGIT'));
    if (!/^\d{6,15}$/.test(phone)) return setInvalid(t('register.phoneInvalid'));
    send.mutate(phone, { onSuccess: onSent });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {t('forgot.phoneIntro')}
        </Text>
        <TextInput
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          inputMode="tel"
          autoComplete="username"
          leftSection={<IconDeviceMobile size={18} />}
          value={phone}
          error={invalid}
          onChange={(e) => {
            onPhone(localPhone(e.currentTarget.value));
            setInvalid(null);
            if (send.isError) send.reset();
          }}
        />
        {send.isError && <ErrorAlert code={errorCode(send.error)} retryAfterS={retryAfterOf(send.error)} />}
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {t('forgot.sendCode')}
        </Button>
        <Button component={Link} to="/login" variant="subtle" size="sm" fullWidth>
          {t('forgot.backToLogin')}
        </Button>
      </Stack>
    </form>
  );
}

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
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(ticket.dead ?? null);
  const left = useSecondsToResend(ticket);
  const busy = useDelayedFlag(reset.isPending);
  const spent = Boolean(ticket.dead);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (spent || reset.isPending) return;
    const next = {
      password:
        [...password].length < PASSWORD_MIN_LENGTH
          ? t('validation.passwordMin', { min: PASSWORD_MIN_LENGTH })
          : undefined,
      confirm: confirm !== password ? t('validation.passwordsMismatch') : undefined,
    };
    setInvalid(next);
    if (code.length !== OTP_DIGITS) return setError('OTP_CODE_INVALID');
    if (next.password || next.confirm) return;
    setError(null);
    reset.mutate(
      { otpToken: ticket.otpToken, otpCode: code, newPassword: password },
      {
        onSuccess: onDone,
        onError: (e) => {
          const c = errorCode(e);
          setError(c);
          if (PASSWORD_ANSWERS.has(c)) return;
          setCode('');
          if (SPENT_CODE_ANSWERS.has(c)) onTicket({ ...ticket, dead: c });
        },
      },
    );
  };

  const onResend = () => {
    if (!phone) return onBack();
    setError(null);
    resend.mutate(phone, {
      onSuccess: (next) => {
        setCode('');
        onTicket(next);
      },
      onError: (e) => setError(errorCode(e)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {phone && (
          <Text c="dimmed" fz="sm">
            {t('forgot.sentTo', { phone })}
          </Text>
        )}
        <OtpCodeEntry
          ticket={ticket}
          value={code}
          onChange={(v) => {
            setCode(v);
            if (error && !PASSWORD_ANSWERS.has(error)) setError(null);
          }}
          onComplete={() => undefined}
          error={error && !PASSWORD_ANSWERS.has(error) ? error : null}
          errorAction={
            spent &&
            error === ticket.dead && (
              <>
                {' '}
                <NewCodeLink secondsLeft={phone ? left : 0} label={t('otp.requestNew')} onClick={onResend} />
              </>
            )
          }
          disabled={reset.isPending || spent}
        />
        <PasswordInput
          label={t('forgot.newPassword')}
          autoComplete="new-password"
          leftSection={<IconLock size={18} />}
          value={password}
          error={invalid.password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setInvalid((v) => ({ ...v, password: undefined }));
            if (error && PASSWORD_ANSWERS.has(error)) setError(null);
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
        {error && PASSWORD_ANSWERS.has(error) && <ErrorAlert code={error} />}
        <Button type="submit" size="lg" fullWidth loading={busy} disabled={spent}>
          {t('forgot.submit')}
        </Button>
        <Stack gap={4}>
          <Button variant="subtle" size="sm" fullWidth onClick={onBack}>
            {t('otp.changePhone')}
          </Button>
          {phone && (
            <Button
              variant="subtle"
              size="sm"
              fullWidth
              onClick={onResend}
              disabled={left > 0}
              loading={resend.isPending}
            >
              {left > 0 ? t('otp.resendIn', { seconds: left }) : t('otp.resend')}
            </Button>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
