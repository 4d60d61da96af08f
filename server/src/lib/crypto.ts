import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token: 256 bits, URL-safe (ASVS 7.2.3 asks for at least 128). */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest();
export const hmac = (secret: string, s: string) => createHmac('sha256', secret).update(s).digest();
export const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && timingSafeEqual(a, b);

/** n random decimal digits from a CSPRNG. */
export const randomDigits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** Letters and digits that cannot be mistaken for each other when read aloud or typed. */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const randomCode = (n: number) =>
  Array.from({ length: n }, () => READABLE[randomInt(READABLE.length)]).join('');
