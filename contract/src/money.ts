import { z } from 'zod';

/**
 * Money on the wire is baht with at most two decimals; inside it is integer satang.
 * exactMinor reads incoming money; toMinor converts an amount a schema has already accepted; toBaht goes
 * back out. They are the only place the factor 100 appears.
 */
export const toMinor = (baht: number): bigint => BigInt(Math.round(baht * 100));
export const toBaht = (minor: bigint | number): number => Number(minor) / 100;

/** The ceiling of any one amount: 100 million baht, far inside the bigint satang columns. */
export const AMOUNT_MAX_BAHT = 100_000_000;
const AMOUNT_MAX_MINOR = BigInt(AMOUNT_MAX_BAHT) * 100n;
const DECIMAL_BAHT = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;

/**
 * The one reader of money that comes in (requests, webhooks, providers' answers): baht as a JSON number
 * or a provider's decimal text, as whole satang; undefined when it is not exactly that. 1e-9 and 5e-324
 * passed a "two decimals" tolerance check and rounded to 0 satang, so the test is exact: the satang
 * count divided back must give the very same number (IEEE division is correctly rounded, so this holds
 * for every value written with at most two decimals and for nothing else). Beyond the ceiling either
 * way is undefined too.
 */
export function exactMinor(baht: number | string): bigint | undefined {
  let minor: bigint;
  if (typeof baht === 'string') {
    const m = DECIMAL_BAHT.exec(baht.trim());
    if (!m) return undefined;
    minor = BigInt(m[2]! + (m[3] ?? '').padEnd(2, '0')) * (m[1] ? -1n : 1n);
  } else {
    if (!Number.isFinite(baht)) return undefined;
    const rounded = Math.round(baht * 100);
    if (!Number.isSafeInteger(rounded) || rounded / 100 !== baht) return undefined;
    minor = BigInt(rounded);
  }
  return minor <= AMOUNT_MAX_MINOR && minor >= -AMOUNT_MAX_MINOR ? minor : undefined;
}

/** A positive amount of baht: whole satang, at least 0.01, at most AMOUNT_MAX_BAHT. */
export const amountSchema = z
  .number()
  .min(0.01)
  .max(AMOUNT_MAX_BAHT)
  .refine((n) => (exactMinor(n) ?? 0n) >= 1n, 'whole satang, at least 0.01');

/** Header every money-moving request carries (the client owns the key: web/src/lib/idempotency.ts). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
