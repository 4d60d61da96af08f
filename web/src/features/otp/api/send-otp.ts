import { otp } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { holdTicket, type HeldTicket } from '../../../lib/otp-ticket';

/** A registration code and the phone it was sent to. */
export type OtpTicket = HeldTicket & { phone: string };

/** REG-3: POST /api/otp/send; an OTP_VERIFIED refusal means the phone is verified already. */
export const sendOtp = async (phoneNumber: string): Promise<OtpTicket> => ({
  ...holdTicket(await callApi(otp.sendOtp, { phoneNumber })),
  phone: phoneNumber,
});

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
