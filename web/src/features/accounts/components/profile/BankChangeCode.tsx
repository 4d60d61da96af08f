import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { OTP_DIGITS } from '@krapao/contract';
import { useTranslation } from '../../../../i18n/react';
import { NewCodeLink, OtpCodeEntry } from '../../../../components/OtpCodeEntry';
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

  return (
    <Stack gap="md">
      {/* Non-breaking hyphens: the number is never split across lines. */}
      <Text fz="sm">
        {t('accountChange.codeSent', { phone: formatPhone(phone).replace(/-/g, '\u2011') })}
      </Text>
      <OtpCodeEntry
        ticket={ticket}
        value={code}
        onChange={onCode}
        onComplete={onConfirm}
        error={error}
        disabled={saving || spent}
      />
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
        <NewCodeLink secondsLeft={left} label={t('otp.resend')} onClick={onResend} disabled={resending} />
      </Group>
    </Stack>
  );
}
