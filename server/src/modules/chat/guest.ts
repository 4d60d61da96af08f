// CHAT-7: a visitor's identity is a guest id kept in the browser, carried as a token the server signed:
// the guest id and an HMAC-SHA256 of it under the app secret. Nothing is stored per guest until they
// write; a token that verifies is that guest, and nobody can make one for another guest id without the
// secret (docs/decisions.md "Chat guest token").
import { randomUUID } from 'node:crypto';
import { hmac, sameBytes } from '../../lib/crypto.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

const signature = (secret: string, guestId: string) => hmac(secret, `chat-guest:${guestId}`);

export function guestToken(secret: string, guestId: string): string {
  return `${guestId}.${signature(secret, guestId).toString('base64url')}`;
}

/** A new guest: a random UUID and its token. */
export function newGuest(secret: string): { guestId: string; guestToken: string } {
  const guestId = randomUUID();
  return { guestId, guestToken: guestToken(secret, guestId) };
}

/** The guest id of a token that verifies (compared in constant time); undefined for anything else. */
export function verifyGuestToken(secret: string, token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  const match = TOKEN.exec(token);
  if (!match || !UUID.test(match[1]!)) return undefined;
  const given = Buffer.from(match[2]!, 'base64url');
  return sameBytes(given, signature(secret, match[1]!)) ? match[1] : undefined;
}
