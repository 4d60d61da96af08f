import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { PasswordInput } from '../../../components/PasswordInput';
import { IconDeviceMobile, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { OTP_DIGITS } from '@krapao/contract';
import { useTranslation } from '../../../i18n/react';

import { errorCode, retryAfterOf } from '../../../lib/api-client';
import { localPhone } from '../../../lib/phone';
import { useDelayedFlag } from '../../../lib/delayed';
import { SPENT_CODE_ANSWERS } from '../../../lib/otp-ticket';
import { preloadLogin, useLogin, type LoginOtpTicket } from '../api/login';

const LoginOtpStep = lazy(() => import('./LoginOtpStep'));
import { ErrorAlert } from '../../../components/ErrorAlert';

/**
 * LOG-1 / LOG-2: username (the phone, digits only and no more than the region allows) and password,
 * remember me; errors under the form.
 */
export function LoginForm({
  defaultUsername = '',
  onLoggedIn,
}: {
  defaultUsername?: string;
  onLoggedIn: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useLogin();
  const [username, setUsername] = useState(defaultUsername);
  const [password, setPassword] = useState('');
  const [isRemember, setRemember] = useState(false);
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const busy = useDelayedFlag(mutation.isPending);
  // LOG-3: the code a login past the limit of wrong passwords needs; dropped once spent, so the next
  // submit asks for a new one.
  const [otp, setOtp] = useState<LoginOtpTicket | null>(null);
  const [code, setCode] = useState('');
  const otpSpent = mutation.isError && SPENT_CODE_ANSWERS.has(errorCode(mutation.error));

  // The schemas and error texts load while the member types, not with the page (/login's budget).
  const warmUp = () => void preloadLogin();

  // LOG-2: whatever the member types clears the last answer.
  const touched = () => {
    if (mutation.isError) mutation.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = { username: !username.trim(), password: !password };
    setMissing(next);
    if (next.username || next.password || mutation.isPending) return;
    send(code);
  };

  const send = (otpCode: string) => {
    const withCode = otp && !otpSpent ? { otpToken: otp.otpToken, otpCode } : {};
    if (otp && !otpSpent && otpCode.length !== OTP_DIGITS) return;
    mutation.mutate(
      { username: username.trim(), password, isRemember, ...withCode },
      {
        onSuccess: onLoggedIn,
        onOtp: (ticket) => {
          setOtp(ticket);
          setCode('');
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} onFocus={warmUp} onPointerDown={warmUp} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          inputMode="tel"
          autoComplete="username"
          leftSection={<IconDeviceMobile size={18} />}
          value={username}
          error={missing.username ? t('common.required') : undefined}
          onChange={(e) => {
            setUsername(localPhone(e.currentTarget.value));
            setMissing((m) => ({ ...m, username: false }));
            touched();
          }}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          leftSection={<IconLock size={18} />}
          autoFocus={Boolean(defaultUsername)}
          value={password}
          error={missing.password ? t('common.required') : undefined}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setMissing((m) => ({ ...m, password: false }));
            touched();
          }}
        />
        {otp && !otpSpent && (
          <Suspense fallback={null}>
            <LoginOtpStep
              ticket={otp}
              code={code}
              onCode={(v) => {
                setCode(v);
                touched();
              }}
              onComplete={send}
              disabled={mutation.isPending}
            />
          </Suspense>
        )}
        <Checkbox
          label={t('login.remember')}
          checked={isRemember}
          onChange={(e) => setRemember(e.currentTarget.checked)}
        />
        {mutation.isError && (
          <ErrorAlert code={errorCode(mutation.error)} retryAfterS={retryAfterOf(mutation.error)} />
        )}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={busy}
          data-pending={mutation.isPending || undefined}
        >
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
