import { Button, Stack, Text } from '@mantine/core';
import { OTP_DIGITS } from '@krapao/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { errorCode } from '../lib/api-client';
import { useDelayedFlag } from '../lib/delayed';
import { SPENT_CODE_ANSWERS, useSecondsToResend, type HeldTicket } from '../lib/otp-ticket';
import { NewCodeLink, OtpCodeEntry } from './OtpCodeEntry';

export interface OtpCodeStepProps<T extends HeldTicket> {
  /** Where the code went ("sent to ..."), or nothing when the page does not know the phone. */
  sentTo: string | null;
  ticket: T;
  onTicket: (ticket: T) => void;
  /**
   * Sends the code (with what else the step holds); resolves when accepted, rejects with the server's
   * answer. Called at the last digit when `submitOnComplete`, and by the button.
   */
  send: (code: string) => Promise<unknown>;
  onSent: () => void;
  /**
   * An answer the caller handles itself (e.g. a weak new password, or "verified already"): true keeps the
   * code as typed and shows nothing under the boxes.
   */
  onAnswer?: (code: string) => boolean;
  /** Asks for a new code; absent when there is no phone to send it to (a link's code). */
  resend: (() => Promise<T>) | undefined;
  onBack: () => void;
  submitLabel: string;
  submitOnComplete: boolean;
  /** Checks of the caller's own fields before the code goes: false stops it (the caller shows why). */
  ready?: () => boolean;
  /** The caller's fields, between the code and the button (a new password). */
  children?: ReactNode;
}

/**
 * REG-3 / REG-9: a code sent by SMS: where it went, its reference, the boxes, a resend after the
 * countdown, "change phone". A spent code (OTP_BLOCK, OTP_EXPIRED, ...) offers a new one only when the
 * server will send it, counting down until then. Registration and the forgotten password both use it;
 * what the code is sent with is the caller's (`send`).
 */
export function OtpCodeStep<T extends HeldTicket>({
  sentTo,
  ticket,
  onTicket,
  send,
  onSent,
  onAnswer,
  resend,
  onBack,
  submitLabel,
  submitOnComplete,
  ready,
  children,
}: OtpCodeStepProps<T>) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(ticket.dead ?? null);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const left = useSecondsToResend(ticket);
  const busy = useDelayedFlag(pending);
  const spent = Boolean(ticket.dead);

  const submit = (otpCode: string) => {
    if (spent || pending) return;
    if (ready && !ready()) return;
    if (otpCode.length !== OTP_DIGITS) return setError('OTP_CODE_INVALID');
    setError(null);
    setPending(true);
    send(otpCode).then(
      () => {
        setPending(false);
        onSent();
      },
      (e: unknown) => {
        setPending(false);
        const c = errorCode(e);
        if (onAnswer?.(c)) return;
        setError(c);
        setCode('');
        // Kept with the ticket, so leaving the step and coming back shows it again.
        if (SPENT_CODE_ANSWERS.has(c)) onTicket({ ...ticket, dead: c });
      },
    );
  };

  const onResend = () => {
    if (!resend) return onBack();
    setError(null);
    setResending(true);
    resend().then(
      (next) => {
        setResending(false);
        setCode('');
        onTicket(next);
      },
      (e: unknown) => {
        setResending(false);
        const c = errorCode(e);
        if (!onAnswer?.(c)) setError(c);
      },
    );
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <form onSubmit={onFormSubmit} noValidate>
      <Stack gap="md">
        {sentTo && (
          <Text c="dimmed" fz="sm">
            {sentTo}
          </Text>
        )}
        <OtpCodeEntry
          ticket={ticket}
          value={code}
          onChange={(v) => {
            setCode(v);
            if (error) setError(null);
          }}
          onComplete={submitOnComplete ? submit : () => undefined}
          error={error}
          errorAction={
            spent &&
            error === ticket.dead && (
              <>
                {' '}
                <NewCodeLink secondsLeft={resend ? left : 0} label={t('otp.requestNew')} onClick={onResend} />
              </>
            )
          }
          disabled={pending || spent}
        />
        {children}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={busy}
          disabled={spent || (submitOnComplete && code.length !== OTP_DIGITS)}
        >
          {submitLabel}
        </Button>
        <Stack gap={4}>
          <Button variant="subtle" size="sm" fullWidth onClick={onBack}>
            {t('otp.changePhone')}
          </Button>
          {resend && (
            <Button
              variant="subtle"
              size="sm"
              fullWidth
              onClick={onResend}
              disabled={left > 0}
              loading={resending}
            >
              {left > 0 ? t('otp.resendIn', { seconds: left }) : t('otp.resend')}
            </Button>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
