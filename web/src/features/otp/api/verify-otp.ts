import { otp } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** REG-3: POST /api/otp/verify answers { message: 'OTP_CODE_VALID' }. */
export const verifyOtp = (input: { otpToken: string; otpCode: string }) => callApi(otp.verifyOtp, input);

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
