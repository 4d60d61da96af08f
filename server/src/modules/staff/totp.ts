// TOTP (RFC 6238 over RFC 4226): HMAC-SHA-1, six digits, 30-second steps, one step either side, with
// node:crypto alone. The caller stores the last accepted step so a code is usable once (ASVS 6.5.1).
import { createHmac, randomBytes } from 'node:crypto';
import { TOTP_DIGITS, TOTP_STEP_S } from '@krapao/contract';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (the SHA-1 block's natural key length), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export const stepAt = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_STEP_S);

/** The code of one time step (RFC 4226 dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * The step a code matches within one step of now, newer than lastStep (a code already used, or an
 * older one, is refused); undefined when none does.
 */
export function matchTotp(secret: string, code: string, now: Date, lastStep: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const current = stepAt(now);
  for (const step of [current + 1, current, current - 1])
    if (step > lastStep && totpCode(secret, step) === code) return step;
  return undefined;
}

export const otpauthUri = (issuer: string, username: string, secret: string) =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${username}`)}?secret=${secret}` +
  `&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_S}`;
