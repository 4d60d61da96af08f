import { z } from 'zod';

/**
 * Money on the wire is baht with at most two decimals (DESIGN.md); inside it is integer satang.
 * These two functions are the only place the factor 100 appears.
 */
export const toMinor = (baht: number): bigint => BigInt(Math.round(baht * 100));
export const toBaht = (minor: bigint | number): number => Number(minor) / 100;

/** A positive amount of baht with at most two decimals, below a sanity ceiling. */
export const amountSchema = z
  .number()
  .positive()
  .max(100_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most two decimals');

/** Header every money-moving request carries (STYLE.md 6: the client owns the key). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
