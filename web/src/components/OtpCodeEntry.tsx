import '@mantine/core/styles/PinInput.css';
import { Alert, Anchor, Center, PinInput, Text } from '@mantine/core';
import { OTP_DIGITS } from '@krapao/contract';
import { IconMessage2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { ErrorAlert } from './ErrorAlert';

interface OtpCodeEntryProps {
  /** The code sent: its reference and, in demo mode, the code itself. */
  ticket: { otpRef: string; code?: string | undefined };
  value: string;
  onChange: (code: string) => void;
  /** The last digit typed: the code goes at once, as a member expects. */
  onComplete: (code: string) => void;
  /** The error code to show under the boxes, in the member's words. */
  error: string | null;
  /** Said after the error, e.g. how soon a new code can be asked for. */
  errorAction?: ReactNode;
  disabled: boolean;
}

/**
 * REG-3: the entry of a code sent by SMS (registration, and PRO-3's payout-account change): its
 * reference, the demo code where the server shows it, the boxes, and what the server said of the code.
 */
export function OtpCodeEntry({
  ticket,
  value,
  onChange,
  onComplete,
  error,
  errorAction,
  disabled,
}: OtpCodeEntryProps) {
  const { t } = useTranslation();
  return (
    <>
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
          value={value}
          onChange={onChange}
          onComplete={onComplete}
          error={Boolean(error)}
          aria-label={t('otp.code')}
          disabled={disabled}
        />
      </Center>
      {error && <ErrorAlert code={error}>{errorAction}</ErrorAlert>}
    </>
  );
}

/** REG-9: how many seconds until a new code can be sent, then the link that asks for it. */
export function NewCodeLink({
  secondsLeft,
  label,
  onClick,
  disabled,
}: {
  secondsLeft: number;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return secondsLeft > 0 ? (
    <Text span fz="sm" fw={600} data-testid="otp-new-code-wait">
      {t('otp.resendIn', { seconds: secondsLeft })}
    </Text>
  ) : (
    <Anchor component="button" type="button" fz="sm" onClick={onClick} disabled={disabled}>
      {label}
    </Anchor>
  );
}
