import '@mantine/core/styles/PinInput.css';
import { Alert, Anchor, Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import { OTP_DIGITS } from '@krapao/contract';
import { IconAlertCircle, IconMessage2 } from '@tabler/icons-react';
import { useTranslation } from '../../../../i18n/react';
import { errorText } from '../../../../i18n';
import { formatPhone } from '../../../../lib/format';
import { useSecondsToResend, type HeldTicket } from '../../../../lib/otp-ticket';

interface BankChangeCodeProps {
  phone: string;
  ticket: HeldTicket;
  code: string;
  error: string | null;
  saving: boolean;
  resending: boolean;
  onCode: (code: string) => void;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/**
 * PRO-3: the code sent to the member's registered phone for a change of the payout account. A spent
 * code offers a new one only once the server will send it, counting down until then (REG-9).
 */
export function BankChangeCode(props: BankChangeCodeProps) {
  const { phone, ticket, code, error, saving, resending, onCode, onConfirm, onResend, onBack } = props;
  const { t } = useTranslation();
  const left = useSecondsToResend(ticket);
  const spent = Boolean(ticket.dead);

  const resend =
    left > 0 ? (
      <Text span fz="sm" fw={600} data-testid="bank-change-resend-wait">
        {t('otp.resendIn', { seconds: left })}
      </Text>
    ) : (
      <Anchor component="button" type="button" fz="sm" onClick={onResend} disabled={resending}>
        {t('otp.resend')}
      </Anchor>
    );

  return (
    <Stack gap="md">
      {/* Non-breaking hyphens: the number is never split across lines. */}
      <Text fz="sm">
        {t('accountChange.codeSent', { phone: formatPhone(phone).replace(/-/g, '\u2011') })}
      </Text>
      <Text fz="sm">
        {t('otp.ref')}: <b data-testid="bank-change-ref">{ticket.otpRef}</b>
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
          onChange={onCode}
          onComplete={onConfirm}
          error={Boolean(error)}
          aria-label={t('otp.code')}
          disabled={saving || spent}
        />
      </Center>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
          {errorText(error)}
        </Alert>
      )}
      <Button
        fullWidth
        loading={saving}
        disabled={code.length !== OTP_DIGITS || spent}
        onClick={() => onConfirm(code)}
      >
        {t('accountChange.confirm')}
      </Button>
      <Group justify="space-between">
        <Anchor component="button" type="button" fz="sm" onClick={onBack}>
          {t('accountChange.back')}
        </Anchor>
        {resend}
      </Group>
    </Stack>
  );
}
