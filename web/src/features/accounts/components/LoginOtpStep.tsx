import { Text } from '@mantine/core';
import { OtpCodeEntry } from '../../../components/OtpCodeEntry';
import { useTranslation } from '../../../i18n/react';
import type { LoginOtpTicket } from '../api/login';

/**
 * LOG-3: past the per-account limit of wrong passwords, the login takes a code sent to the registered
 * phone too. Its own chunk: /login paints without the code boxes (the /login budget).
 */
export default function LoginOtpStep({
  ticket,
  code,
  onCode,
  onComplete,
  disabled,
}: {
  ticket: LoginOtpTicket;
  code: string;
  onCode: (code: string) => void;
  onComplete: (code: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text fz="sm" c="dimmed">
        {t('login.otpIntro')}
      </Text>
      <OtpCodeEntry
        ticket={ticket}
        value={code}
        onChange={onCode}
        onComplete={onComplete}
        error={null}
        disabled={disabled}
      />
    </>
  );
}
