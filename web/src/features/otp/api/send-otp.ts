import { otp } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { currentLocale } from '../../../i18n';
import { callApi } from '../../../lib/api-client';
import { holdTicket, type HeldTicket } from '../../../lib/otp-ticket';

/** A registration code and the phone it was sent to. */
export type OtpTicket = HeldTicket & { phone: string };

/** REG-3: POST /api/otp/send; an OTP_VERIFIED refusal means the phone is verified already. */
export const sendOtp = async (phoneNumber: string): Promise<OtpTicket> => ({
  // The SMS is written in the language the member reads the screen in.
  ...holdTicket(await callApi(otp.sendOtp, { phoneNumber, lang: currentLocale() })),
  phone: phoneNumber,
});

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
