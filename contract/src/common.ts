import { z } from 'zod';
import {
  BANK_ACCOUNT_NO_MAX_DIGITS,
  BANK_ACCOUNT_NO_MIN_DIGITS,
  CURRENCIES,
  ENGLISH_NAME_BANKS,
  ENGLISH_NAME_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PHONE_DIGITS,
  PHONE_MAX_DIGITS,
} from './constants.ts';

/** An endpoint as data: the server registers it, the web calls it, both with the same schemas. */
export interface Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: Body;
  response: Response;
  /** Whether the call needs a member session (Authorization: Bearer). */
  auth: boolean;
}

export function endpoint<B extends z.ZodType | undefined, R extends z.ZodType>(e: Endpoint<B, R>) {
  return e;
}

/** A trimmed string; whitespace alone counts as empty. */
export const trimmed = (max: number) => z.string().trim().max(max);

/** Digits only, any length: the 10-digit rule depends on the region (REG-2), so services check it. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{6,${PHONE_MAX_DIGITS}}$`));
export const isTenDigitPhone = (phone: string) => new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(phone);

export const passwordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);
export const nameSchema = trimmed(NAME_MAX_LENGTH).min(1);
export const bankCodeSchema = z.string().trim().min(1).max(10);
/** Loose on the wire so the server can answer INVALID_BANK_ACCOUNT_NO; isBankAccountNo is the rule. */
export const bankAccountNoSchema = z.string().trim().min(1).max(30);
export const isBankAccountNo = (no: string) =>
  new RegExp(`^\\d{${BANK_ACCOUNT_NO_MIN_DIGITS},${BANK_ACCOUNT_NO_MAX_DIGITS}}$`).test(no);
/** Account holder names are upper-cased (part1 §5); the English rule is per bank. */
export const bankAccountNameSchema = trimmed(NAME_MAX_LENGTH)
  .min(1)
  .transform((s) => s.replace(/\s+/g, ' ').toUpperCase());
export const currencySchema = z.enum(CURRENCIES);

export function needsEnglishName(bankCode: string): boolean {
  return (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);
}
export function isEnglishName(name: string): boolean {
  return ENGLISH_NAME_PATTERN.test(name);
}

/** Baht with at most two decimals on the wire; minor units (satang) inside. */
export const bahtSchema = z.number().nonnegative().multipleOf(0.01);

/** An answer that carries only a code, e.g. { "message": "OTP_CODE_VALID" }. */
export const messageSchema = z.object({ message: z.string() });

/** Formats a 10-digit account number 3-3-rest (PRO-1); other lengths as they are. */
export function formatBankAccountNo(no: string): string {
  return /^\d{10}$/.test(no) ? `${no.slice(0, 3)}-${no.slice(3, 6)}-${no.slice(6)}` : no;
}
