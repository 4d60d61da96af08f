import { Button, Stack, Text } from '@mantine/core';
import { OTP_DIGITS } from '@krapao/contract';
import { useState } from 'react';
import { NewCodeLink, OtpCodeEntry } from '../../../components/OtpCodeEntry';
import { useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { useDelayedFlag } from '../../../lib/delayed';
import { SPENT_CODE_ANSWERS, useSecondsToResend } from '../../../lib/otp-ticket';
import { useSendOtp, type OtpTicket } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';

interface OtpStepProps {
  phone: string;
  ticket: OtpTicket;
  onTicket: (ticket: OtpTicket) => void;
  onVerified: () => void;
  onBack: () => void;
}

/**
 * REG-3 / REG-9: the 6-digit code, its reference, a resend after the countdown. A spent code (OTP_BLOCK,
 * OTP_EXPIRED, ...) offers a new one only when the server will send it, counting down until then.
 */
export function OtpStep({ phone, ticket, onTicket, onVerified, onBack }: OtpStepProps) {
  const { t } = useTranslation();
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(ticket.dead ?? null);
  const left = useSecondsToResend(ticket);
  const verifying = useDelayedFlag(verify.isPending);
  const spent = Boolean(ticket.dead);

  const submit = (otpCode: string) => {
    if (otpCode.length !== OTP_DIGITS || verify.isPending || spent) return;
    setError(null);
    verify.mutate(
      { otpToken: ticket.otpToken, otpCode },
      {
        onSuccess: onVerified,
        onError: (e) => {
          const c = errorCode(e);
          // Verified already (the member came back to this step): nothing left to prove.
          if (c === 'OTP_VERIFIED') return onVerified();
          setError(c);
          setCode('');
          // Kept with the ticket, so leaving the step and coming back shows it again.
          if (SPENT_CODE_ANSWERS.has(c)) onTicket({ ...ticket, dead: c });
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
      <OtpCodeEntry
        ticket={ticket}
        value={code}
        onChange={(v) => {
          setCode(v);
          if (error) setError(null);
        }}
        onComplete={submit}
        error={error}
        errorAction={
          spent &&
          error === ticket.dead && (
            <>
              {' '}
              <NewCodeLink secondsLeft={left} label={t('otp.requestNew')} onClick={onResend} />
            </>
          )
        }
        disabled={verify.isPending || spent}
      />
      <Button
        size="lg"
        fullWidth
        loading={verifying}
        onClick={() => submit(code)}
        disabled={code.length !== OTP_DIGITS || spent}
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
