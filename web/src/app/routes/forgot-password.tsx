import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ForgotPasswordFlow } from '../../features/accounts/components/forgot/ForgotPasswordFlow';
import { useTranslation } from '../../i18n/react';
import { serverNow } from '../../lib/clock';
import type { HeldTicket } from '../../lib/otp-ticket';
import { OTP_TTL_S } from '@krapao/contract';

/**
 * /forgot-password: "ลืมรหัสผ่าน" on /login. A link from an operator's "reset password" SMS carries the
 * code's ticket (?ref=&token=) and opens at the code.
 */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [start] = useState<HeldTicket | undefined>(() => {
    const ref = params.get('ref');
    const token = params.get('token');
    if (!ref || !token) return undefined;
    // The link's code lives OTP_TTL_S from the SMS at most; the server says if it is older.
    const expiresAt = new Date(serverNow() + OTP_TTL_S * 1000).toISOString();
    return { otpRef: ref, otpToken: token, expiresAt, resendAfterS: 0, resendAt: 0 };
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={26}>
          {t('forgot.title')}
        </Title>
        <Text c="dimmed">{t('forgot.subtitle')}</Text>
      </div>
      <Paper className="surface" p="lg">
        <ForgotPasswordFlow start={start} />
      </Paper>
    </Stack>
  );
}
