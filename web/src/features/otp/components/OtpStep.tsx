import { OtpCodeStep } from '../../../components/OtpCodeStep';
import { useTranslation } from '../../../i18n/react';
import { sendOtp, type OtpTicket } from '../api/send-otp';
import { verifyOtp } from '../api/verify-otp';

interface OtpStepProps {
  phone: string;
  ticket: OtpTicket;
  onTicket: (ticket: OtpTicket) => void;
  onVerified: () => void;
  onBack: () => void;
}

/**
 * REG-3 / REG-9: the registration's code (components/OtpCodeStep), verified as soon as the last digit is
 * typed. OTP_VERIFIED, to a check or a resend, means the member came back to this step: nothing is left
 * to prove.
 */
export function OtpStep({ phone, ticket, onTicket, onVerified, onBack }: OtpStepProps) {
  const { t } = useTranslation();
  return (
    <OtpCodeStep
      sentTo={t('otp.sentTo', { phone })}
      ticket={ticket}
      onTicket={onTicket}
      send={(otpCode) => verifyOtp({ otpToken: ticket.otpToken, otpCode })}
      onSent={onVerified}
      onAnswer={(code) => {
        if (code !== 'OTP_VERIFIED') return false;
        onVerified();
        return true;
      }}
      resend={() => sendOtp(phone)}
      onBack={onBack}
      submitLabel={t('otp.verify')}
      submitOnComplete
    />
  );
}
