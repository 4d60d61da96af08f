import { z } from 'zod';
import { endpoint, messageSchema, phoneSchema, text } from './common.ts';
import { LOCALES, OTP_DIGITS } from './constants.ts';

export const otpTokenSchema = text().trim().min(1).max(128);
export const otpCodeSchema = text()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_DIGITS}}$`));

/** A code sent: its reference, the token that names it, when it expires and when another may be sent. */
export const otpTicketSchema = z.object({
  otpRef: text(),
  otpToken: text(),
  /** Only in demo mode: the code the simulated SMS carried. */
  code: text().optional(),
  expiresAt: text(),
  resendAfterS: z.number().int(),
});
export type OtpTicket = z.infer<typeof otpTicketSchema>;

export const sendOtp = endpoint({
  method: 'POST',
  path: '/api/otp/send',
  /** lang: the language of the screen that asks, for the SMS (else the region's). */
  body: z.object({ phoneNumber: phoneSchema, lang: z.enum(LOCALES).optional() }),
  response: otpTicketSchema,
  auth: false,
});

export const verifyOtp = endpoint({
  method: 'POST',
  path: '/api/otp/verify',
  body: z.object({ otpToken: otpTokenSchema, otpCode: otpCodeSchema }),
  /** { message: 'OTP_CODE_VALID' } */
  response: messageSchema,
  auth: false,
});
