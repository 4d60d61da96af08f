import { otp } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';

export type OtpTicket = z.output<typeof otp.sendOtp.response>;

/** REG-3: POST /api/otp/send; an OTP_VERIFIED refusal means the phone is verified already. */
export const sendOtp = (phoneNumber: string) => callApi(otp.sendOtp, { phoneNumber });

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
