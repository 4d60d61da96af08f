import { z } from 'zod';
import { endpoint, messageSchema, phoneSchema } from './common.ts';
import { OTP_DIGITS } from './constants.ts';

export const sendOtp = endpoint({
  method: 'POST',
  path: '/api/otp/send',
  body: z.object({ phoneNumber: phoneSchema }),
  response: z.object({
    otpRef: z.string(),
    otpToken: z.string(),
    /** Only in demo mode (DESIGN.md): the code the simulated SMS carried. */
    code: z.string().optional(),
    expiresAt: z.string(),
    resendAfterS: z.number().int(),
  }),
  auth: false,
});

export const verifyOtp = endpoint({
  method: 'POST',
  path: '/api/otp/verify',
  body: z.object({
    otpToken: z.string().trim().min(1).max(128),
    otpCode: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${OTP_DIGITS}}$`)),
  }),
  /** { message: 'OTP_CODE_VALID' } */
  response: messageSchema,
  auth: false,
});
