import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token: 256 bits, URL-safe (ASVS 7.2.3 asks for at least 128). */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest();
export const hmac = (secret: string, s: string) => createHmac('sha256', secret).update(s).digest();
export const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && timingSafeEqual(a, b);

/** The webhook signature Krapao's senders use: "sha256=" + hex HMAC-SHA256 of the exact body. */
export const signBody = (secret: string, body: string) => `sha256=${hmac(secret, body).toString('hex')}`;
export function signatureMatches(
  secret: string | undefined,
  body: string,
  header: string | undefined,
): boolean {
  const hex = /^sha256=([0-9a-f]{64})$/.exec(header ?? '')?.[1];
  return Boolean(secret && hex && sameBytes(Buffer.from(hex, 'hex'), hmac(secret, body)));
}

/** n random decimal digits from a CSPRNG. */
export const randomDigits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** Letters and digits that cannot be mistaken for each other when read aloud or typed. */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const randomCode = (n: number) =>
  Array.from({ length: n }, () => READABLE[randomInt(READABLE.length)]).join('');
