// Member care: the withdrawal PIN and the sign-in history (docs/api.md "Withdrawal PIN", "Sign-ins").
import { z } from 'zod';
import { endpoint, passwordSchema, text } from './common.ts';

/** A withdrawal PIN is six digits (WITHDRAWAL_PIN_LENGTH); a new one that is not answers PIN_FORMAT. */
export const WITHDRAWAL_PIN_LENGTH = 6;
/** Wrong PINs in a row before every try answers PIN_BLOCK, right PIN included, for PIN_BLOCK_MINUTES. */
export const PIN_MAX_FAILURES = 5;
export const PIN_BLOCK_MINUTES = 15;
/** How many sign-ins the profile lists. */
export const SIGN_IN_HISTORY_LENGTH = 20;

/**
 * A PIN as sent with a withdrawal or a change: any short text, so a malformed one is a wrong PIN
 * (PIN_WRONG, counted) rather than a request that slips past the count as INVALID_REQUEST.
 */
export const pinSchema = text().max(32);

export const isWellFormedPin = (pin: string) => new RegExp(`^\\d{${WITHDRAWAL_PIN_LENGTH}}$`).test(pin);

/** A PIN anyone would try first: one digit six times, or digits that climb or fall by one (123456). */
export function isTooSimplePin(pin: string): boolean {
  const d = [...pin].map(Number);
  const steps = new Set(d.slice(1).map((x, i) => x - d[i]!));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

export const pinStatusSchema = z.object({
  /** The member has a withdrawal PIN: withdrawals and payout-account changes need it. */
  set: z.boolean(),
  /** Until when every PIN answers PIN_BLOCK, or null. */
  blockedUntil: text().nullable(),
});
export type PinStatus = z.infer<typeof pinStatusSchema>;

export const getPin = endpoint({
  method: 'GET',
  path: '/api/account/pin',
  body: undefined,
  response: pinStatusSchema,
  auth: true,
});

/**
 * Sets the withdrawal PIN (the current password; PASSWORD_REQUIRED, WRONG_PASSWORD) or changes it (the
 * password and the current PIN as `currentPin`: PIN_REQUIRED, PIN_WRONG, PIN_BLOCK). A new PIN that is
 * not six digits answers PIN_FORMAT, an obvious one (111111, 123456) PIN_TOO_SIMPLE.
 */
export const setPin = endpoint({
  method: 'PUT',
  path: '/api/account/pin',
  body: z.object({ password: passwordSchema, pin: pinSchema, currentPin: pinSchema.optional() }),
  response: pinStatusSchema,
  auth: true,
});

export const signInSchema = z.object({
  at: text(),
  /** Parsed simply from the user agent: '' where it names none the server knows. */
  browser: text(),
  os: text(),
  /** The address with its last part hidden (203.0.113.x). */
  address: text(),
  /** Area of the address; null: unknown (Krapao has no geolocation database). */
  area: text().nullable(),
  /** This sign-in's session is the one asking. */
  current: z.boolean(),
  /** Its session is still live (not signed out, ended or expired). */
  active: z.boolean(),
});
export type SignIn = z.infer<typeof signInSchema>;

/** The member's recent sign-ins, newest first (at most SIGN_IN_HISTORY_LENGTH). */
export const getSignIns = endpoint({
  method: 'GET',
  path: '/api/account/signins',
  body: undefined,
  response: z.object({ items: z.array(signInSchema) }),
  auth: true,
});

/** Signs out every session of the member but the one asking; `ended` counts them. */
export const endOtherSessions = endpoint({
  method: 'DELETE',
  path: '/api/account/sessions/others',
  body: undefined,
  response: z.object({ ended: z.number().int().nonnegative() }),
  auth: true,
});
