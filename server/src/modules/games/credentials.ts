import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { hmac } from '../../lib/crypto.ts';

/**
 * GAME-1: the password of a member's provider account is one the member may type into the provider's
 * app, so Krapao must be able to show it: it is kept encrypted, AES-256-GCM under a key derived from the
 * app secret (APP_SECRET, or the one kept in the database), bound to its member and provider (a value
 * copied onto another row does not decrypt). Stored as "v1:" + base64(iv | tag | ciphertext).
 */
const keyOf = (secret: string) => hmac(secret, 'game-account-passwords');
const aad = (memberId: string, provider: string) => Buffer.from(`${memberId}:${provider}`);

export function sealPassword(secret: string, memberId: string, provider: string, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(aad(memberId, provider));
  const ciphertext = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

export function openPassword(secret: string, memberId: string, provider: string, sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('unknown password format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAAD(aad(memberId, provider));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Letters and digits a member can read off the screen and type into an app without confusion. */
const READABLE = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new provider password: 12 characters, at least one letter and one digit (providers ask for both). */
export function newGamePassword(): string {
  for (;;) {
    const p = Array.from({ length: 12 }, () => READABLE[randomInt(READABLE.length)]).join('');
    if (/\d/.test(p) && /[a-zA-Z]/.test(p)) return p;
  }
}

/**
 * The member's username at every provider: the operator's prefix and the member's public id (providers
 * take prefix + an id). The same for every try, so a retried activation finds its account.
 */
export const gameUsername = (publicId: string) => `kp${publicId.toLowerCase()}`;
