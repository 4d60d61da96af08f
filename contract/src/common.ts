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
import { AMOUNT_MAX_BAHT, exactMinor } from './money.ts';

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
  /**
   * The request headers it reads besides the session `auth` asks for, and whether a call must send them
   * (docs/api.md): Idempotency-Key on a request that moves money; X-Chat-Guest where a chat visitor may
   * call instead of a member; Authorization 'optional' where anyone may call and a member's session
   * changes the answer. The server reads no such header an endpoint does not declare
   * (server/src/http/route.ts declaredHeader), so the API document (src/openapi) lists them all.
   */
  headers?: Partial<Record<EndpointHeader, 'required' | 'optional'>>;
  /**
   * A multipart/form-data body of one file part instead of JSON (`body` is then undefined); the server's
   * route() refuses to register an upload route without it (server/src/http/route.ts).
   */
  upload?: { field: string; types: readonly string[]; maxBytes: number };
}

export type EndpointHeader = 'Idempotency-Key' | 'X-Chat-Guest' | 'Authorization';

export function endpoint<B extends z.ZodType | undefined, R extends z.ZodType>(e: Endpoint<B, R>) {
  return e;
}

/**
 * What no text field takes: NUL (PostgreSQL refuses it with 22021, which surfaced as a 500), the other
 * C0 controls but tab, newline and carriage return (invisible; they forge look-alike names and break
 * logs), and a UTF-16 surrogate standing alone (not text at all). With the u flag a well-formed pair is
 * one code point, so only a lone surrogate matches.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF]/u;
export const isCleanText = (s: string) => !FORBIDDEN_IN_TEXT.test(s);

/**
 * The contract's only string: every text field, path parameter and answer is one, so a request
 * carrying a forbidden character is refused once, as INVALID_REQUEST, before any code sees it
 * (test/input-rules.test.ts walks every endpoint to prove it).
 */
const TEXT = z.string().refine(isCleanText, 'forbidden character');
// One schema, built once, for every call: a zod schema never changes (.max, .trim, .refine each answer a new
// one). A new one for each of the contract's 370 calls made building it a fifth slower, and a member's
// first screen builds its parts before it draws (issue 22; docs/decisions.md, stop 54).
export const text = () => TEXT;

/** The longest path parameter ({provider}, {qrcodeId}, {reference}) any endpoint takes. */
export const PATH_PARAM_MAX_LENGTH = 128;
/** The {name} parameters of an endpoint's path, as the schema the server checks them with. */
export function pathParamsSchema(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (!names.length) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, text().min(1).max(PATH_PARAM_MAX_LENGTH)])));
}

/** A trimmed string; whitespace alone counts as empty. */
export const trimmed = (max: number) => text().trim().max(max);

/** Digits only, any length: the 10-digit rule depends on the region (REG-2), so services check it. */
export const phoneSchema = text()
  .trim()
  .regex(new RegExp(`^\\d{6,${PHONE_MAX_DIGITS}}$`));
export const isTenDigitPhone = (phone: string) => new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(phone);

/**
 * A phone as staff type it, in the form members' phones are kept (digits, the national trunk 0): the
 * console shows 081-234-5678, a member may say +66 81 234 5678, a Lao one +856 20 5551 2345. Anything
 * that is not a phone number written with digits, spaces, dashes, dots, brackets and a leading plus
 * comes back as it is.
 */
export function phoneAsKept(typed: string): string {
  const t = typed.trim();
  if (!/^\+?[\d\s().-]+$/.test(t)) return t;
  const digits = t.replace(/\D/g, '');
  // Thai numbers from abroad: 66 and the 9 digits after the trunk 0; Lao ones: 856 and 8 to 10.
  if (/^66\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^856\d{8,10}$/.test(digits)) return `0${digits.slice(3)}`;
  return digits;
}

export const passwordSchema = text().min(1).max(PASSWORD_MAX_LENGTH);

/**
 * What a name (a member's, an account holder's) also refuses beyond text(): line breaks (CR, LF, NEL,
 * U+2028/9; a name is one line, and a break forges lines in logs and operator screens), tab, the bidi
 * controls (U+061C, U+200E/F, U+202A-E, U+2066-9: "\u202eEVIL" shows reversed, a classic look-alike) and
 * the zero-width characters (U+200B-D, U+2060, U+FEFF), which make two names that look the same differ.
 */
const FORBIDDEN_IN_NAME = /[\t\n\r\u0085\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/u;
export const isPlainName = (s: string) => !FORBIDDEN_IN_NAME.test(s);
/** A one-line name of at most `max` characters: trimmed, clean text, nothing invisible (isPlainName). */
export const nameText = (max: number) => trimmed(max).refine(isPlainName, 'forbidden character in a name');
export const nameSchema = nameText(NAME_MAX_LENGTH).min(1);
export const bankCodeSchema = text().trim().min(1).max(10);
/** Loose on the wire so the server can answer INVALID_BANK_ACCOUNT_NO; isBankAccountNo is the rule. */
export const bankAccountNoSchema = text().trim().min(1).max(30);
export const isBankAccountNo = (no: string) =>
  new RegExp(`^\\d{${BANK_ACCOUNT_NO_MIN_DIGITS},${BANK_ACCOUNT_NO_MAX_DIGITS}}$`).test(no);
/** Account holder names are upper-cased (REG-6); the English rule is per bank. */
export const bankAccountNameSchema = nameText(NAME_MAX_LENGTH)
  .min(1)
  .transform((s) => s.replace(/\s+/g, ' ').toUpperCase());
export const currencySchema = z.enum(CURRENCIES);

export function needsEnglishName(bankCode: string): boolean {
  return (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);
}
export function isEnglishName(name: string): boolean {
  return ENGLISH_NAME_PATTERN.test(name);
}

/** Baht on the wire that may be zero (a balance); whole satang inside (money.ts exactMinor). */
export const bahtSchema = z
  .number()
  .min(0)
  .max(AMOUNT_MAX_BAHT)
  .refine((n) => exactMinor(n) !== undefined, 'whole satang');

/** An answer that carries only a code, e.g. { "message": "OTP_CODE_VALID" }. */
export const messageSchema = z.object({ message: text() });

/** Formats a 10-digit account number 3-3-rest (PRO-1); other lengths as they are. */
export function formatBankAccountNo(no: string): string {
  return /^\d{10}$/.test(no) ? `${no.slice(0, 3)}-${no.slice(3, 6)}-${no.slice(6)}` : no;
}
