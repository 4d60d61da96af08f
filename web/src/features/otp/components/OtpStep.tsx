import '@mantine/core/styles/PinInput.css';
import { Alert, Anchor, Button, Center, PinInput, Stack, Text } from '@mantine/core';
import { OTP_DIGITS } from '@krapao/contract';
import { IconAlertCircle, IconMessage2 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { errorText } from '../../../i18n';
import { errorCode } from '../../../lib/api-client';
import { useDelayedFlag } from '../../../lib/delayed';
import { useSendOtp, type OtpTicket } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';

interface OtpStepProps {
  phone: string;
  ticket: OtpTicket;
  onTicket: (ticket: OtpTicket) => void;
  onVerified: () => void;
  onBack: () => void;
}

function useCountdown(seconds: number, key: unknown): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, key]);
  return left;
}

/** REG-3 / REG-9: the 6-digit code, its reference, a resend after the countdown. */
export function OtpStep({ phone, ticket, onTicket, onVerified, onBack }: OtpStepProps) {
  const { t } = useTranslation();
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const left = useCountdown(ticket.resendAfterS, ticket.otpToken);
  const verifying = useDelayedFlag(verify.isPending);
  const blocked = error === 'OTP_BLOCK' || error === 'OTP_EXPIRED' || error === 'OTP_NOT_EXIST';

  const submit = (otpCode: string) => {
    if (otpCode.length !== OTP_DIGITS || verify.isPending) return;
    setError(null);
    verify.mutate(
      { otpToken: ticket.otpToken, otpCode },
      {
        onSuccess: onVerified,
        onError: (e) => {
          setError(errorCode(e));
          setCode('');
        },
      },
    );
  };

  const onResend = () => {
    setError(null);
    resend.mutate(phone, {
      onSuccess: (next) => {
        setCode('');
        onTicket(next);
      },
      onError: (e) => {
        const c = errorCode(e);
        if (c === 'OTP_VERIFIED') onVerified();
        else setError(c);
      },
    });
  };

  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm">
        {t('otp.sentTo', { phone })}
      </Text>
      <Text fz="sm">
        {t('otp.ref')}: <b data-testid="otp-ref">{ticket.otpRef}</b>
      </Text>
      {ticket.code && (
        <Alert
          color="blue"
          variant="light"
          role="status"
          icon={<IconMessage2 size={20} />}
          title={t('otp.demoTitle')}
        >
          {t('otp.demoText', { code: ticket.code })}
        </Alert>
      )}
      <Center>
        <PinInput
          length={OTP_DIGITS}
          type="number"
          oneTimeCode
          size="md"
          gap={8}
          value={code}
          onChange={(v) => {
            setCode(v);
            if (error) setError(null);
          }}
          onComplete={submit}
          error={Boolean(error)}
          aria-label={t('otp.code')}
          disabled={verify.isPending}
        />
      </Center>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
          {errorText(error)}
          {blocked && (
            <>
              {' '}
              <Anchor component="button" type="button" fz="sm" onClick={onBack}>
                {t('otp.requestNew')}
              </Anchor>
            </>
          )}
        </Alert>
      )}
      <Button
        size="lg"
        fullWidth
        loading={verifying}
        onClick={() => submit(code)}
        disabled={code.length !== OTP_DIGITS}
      >
        {t('otp.verify')}
      </Button>
      <Stack gap={4}>
        <Button variant="subtle" size="sm" fullWidth onClick={onBack}>
          {t('otp.changePhone')}
        </Button>
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
      </Stack>
    </Stack>
  );
}
