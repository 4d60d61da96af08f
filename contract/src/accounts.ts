import { z } from 'zod';
import {
  bankAccountNameSchema,
  bankAccountNoSchema,
  bankCodeSchema,
  currencySchema,
  endpoint,
  nameSchema,
  passwordSchema,
  phoneSchema,
  text,
  trimmed,
} from './common.ts';
import { INVITE_CODE_MAX_LENGTH, LOCALES } from './constants.ts';
import { otpCodeSchema, otpTicketSchema, otpTokenSchema } from './otp.ts';
import { pinSchema } from './security.ts';

const optionalCode = trimmed(INVITE_CODE_MAX_LENGTH).optional().default('');

/** REG-7: the registration payload. */
export const registrationSchema = z.object({
  name: nameSchema,
  username: phoneSchema,
  password: passwordSchema,
  sourceCode: optionalCode,
  inviteCode: optionalCode,
  bankCode: bankCodeSchema,
  bankAccountName: bankAccountNameSchema,
  bankAccountNo: bankAccountNoSchema,
  currency: currencySchema.optional(),
});
export type Registration = z.infer<typeof registrationSchema>;
export type RegistrationInput = z.input<typeof registrationSchema>;

/** REG-5: step 3 validates what is known so far; bank data is checked too when it is sent. */
export const registrationCheckSchema = registrationSchema.partial({
  bankCode: true,
  bankAccountName: true,
  bankAccountNo: true,
});
export type RegistrationCheck = z.infer<typeof registrationCheckSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** A bank's names; nameLA only where the bank has a Lao one (Lao screens show nameEN otherwise). */
export const bankNamesSchema = z.object({ nameTH: text(), nameEN: text(), nameLA: text().optional() });

/** The member's profile (PRO-1). */
export const profileSchema = z.object({
  _id: text(),
  name: text(),
  username: text(),
  coin: z.number().int(),
  bankCode: text(),
  bankAccountName: text(),
  bankAccountNo: text(),
  bank: bankNamesSchema,
  currency: currencySchema,
  createdAt: text(),
});
export type Profile = z.infer<typeof profileSchema>;

export const validateRegistration = endpoint({
  method: 'POST',
  path: '/api/account/validate',
  body: registrationCheckSchema,
  response: okSchema,
  auth: false,
});

export const register = endpoint({
  method: 'POST',
  path: '/api/account',
  body: registrationSchema,
  response: z.object({ _id: text(), username: text() }),
  auth: false,
});

export const loginSchema = z.object({
  username: trimmed(20).min(1),
  password: passwordSchema,
  isRemember: z.boolean().optional().default(false),
  /** The screen's language: the SMS about a sign-in from a new device is written in it. */
  lang: z.enum(LOCALES).optional(),
  /** With an OTP_REQUIRED answer's ticket: the code sent to the registered phone (LOG-3). */
  otpToken: otpTokenSchema.optional(),
  otpCode: otpCodeSchema.optional(),
});
/** A session: the bearer token and when it ends unless used. */
export const sessionSchema = z.object({ token: text(), expiresAt: text() });
/**
 * LOG-3: past the per-account limit of wrong passwords the answer is this instead of a session, whatever
 * the password: the same login again with the ticket's otpToken and the code sent to the registered
 * phone (sent only when the password was right) opens the session; a wrong password is still refused.
 */
export const loginOtpRequiredSchema = z.object({
  message: z.literal('OTP_REQUIRED'),
  otpRef: text(),
  otpToken: text(),
  expiresAt: text(),
  resendAfterS: z.number().int(),
});
export const login = endpoint({
  method: 'POST',
  path: '/api/login',
  body: loginSchema,
  response: z.union([sessionSchema, loginOtpRequiredSchema]),
  auth: false,
});

/** Krapao's logout (SH-12): revokes the session on the server. The spec's old client had none. */
export const logout = endpoint({
  method: 'POST',
  path: '/api/logout',
  body: undefined,
  response: okSchema,
  auth: true,
});

export const getProfile = endpoint({
  method: 'GET',
  path: '/api/account/profile',
  body: undefined,
  response: profileSchema,
  auth: true,
});

/** The language of the member's screen, for the texts the server sends them by SMS. */
const langSchema = z.enum(LOCALES);

/**
 * PRO-3. Changing the payout account (bank or number) needs the current password (PASSWORD_REQUIRED,
 * WRONG_PASSWORD) and, where OTP is on, a code from POST /api/account/bankChange/otp (UNVERIFIED_OTP);
 * the name and the holder name alone need neither (docs/decisions.md).
 */
export const updateProfile = endpoint({
  method: 'PUT',
  path: '/api/account/profile',
  body: z.object({
    name: nameSchema,
    bankCode: bankCodeSchema,
    bankAccountName: bankAccountNameSchema,
    bankAccountNo: bankAccountNoSchema,
    currentPassword: passwordSchema.optional(),
    otpToken: otpTokenSchema.optional(),
    otpCode: otpCodeSchema.optional(),
    lang: langSchema.optional(),
    /** A change of the payout account by a member with a withdrawal PIN needs it too (security.ts). */
    pin: pinSchema.optional(),
  }),
  response: profileSchema,
  auth: true,
});

/** PRO-3: what a change of the payout account asks for, and how long withdrawals to it wait. */
export const bankChangePolicy = endpoint({
  method: 'GET',
  path: '/api/account/bankChange',
  body: undefined,
  response: z.object({ otpRequired: z.boolean(), holdHours: z.number().nonnegative() }),
  auth: true,
});

/** PRO-3: checks the current password, then sends a code to the member's registered phone. */
export const sendBankChangeOtp = endpoint({
  method: 'POST',
  path: '/api/account/bankChange/otp',
  body: z.object({ currentPassword: passwordSchema, lang: langSchema.optional() }),
  response: otpTicketSchema,
  auth: true,
});

export const updateBankAccountName = endpoint({
  method: 'PUT',
  path: '/api/account/bankAccountName',
  body: z.object({ bankCode: bankCodeSchema, bankAccountName: bankAccountNameSchema }),
  response: profileSchema,
  auth: true,
});

export const changePassword = endpoint({
  method: 'PUT',
  path: '/api/account/changepwd',
  body: z.object({ oldPassword: passwordSchema, newPassword: passwordSchema }),
  response: okSchema,
  auth: true,
});

/**
 * A password-reset code: the same answer whether or not the phone is a member's (the SMS goes only to a
 * member's phone), and never the code itself, even in the simulated world (its SMS inbox has it).
 */
export const passwordResetTicketSchema = z.object({
  otpRef: text(),
  otpToken: text(),
  expiresAt: text(),
  resendAfterS: z.number().int(),
});
export type PasswordResetTicket = z.infer<typeof passwordResetTicketSchema>;

/** Forgot password: sends a code to the registered phone, under the OTP rules of REG-9. */
export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/account/forgot',
  body: z.object({ phoneNumber: phoneSchema, lang: z.enum(LOCALES).optional() }),
  response: passwordResetTicketSchema,
  auth: false,
});

/**
 * Sets a new password with the code of POST /api/account/forgot and ends every session of the member. A
 * weak new password (PASSWORD_TOO_SHORT, PASSWORD_TOO_WEAK) is refused before the code is looked at.
 */
export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/account/reset',
  body: z.object({ otpToken: otpTokenSchema, otpCode: otpCodeSchema, newPassword: passwordSchema }),
  response: okSchema,
  auth: false,
});
