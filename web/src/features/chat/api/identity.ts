import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, type Endpoint } from '@krapao/contract';
import type { z } from 'zod';
import { callApi, type CallOptions } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from '../../../lib/storage';
import { chat, CHAT_GUEST_HEADER } from './contract';

/**
 * CHAT-7: who is chatting. A member by their session (the api client sends the bearer token) and user
 * id; a visitor by the guest id the server gave them, proven by its signed token. The server takes the
 * identity only from the session or the token; the ids in a body just name it.
 */
export type ChatIdentity =
  { kind: 'member'; userId: string } | { kind: 'guest'; guestId: string; guestToken: string };

interface StoredGuest {
  guestId: string;
  guestToken: string;
}

const isStoredGuest = (v: unknown): v is StoredGuest =>
  !!v &&
  typeof (v as StoredGuest).guestId === 'string' &&
  typeof (v as StoredGuest).guestToken === 'string' &&
  !!(v as StoredGuest).guestId &&
  !!(v as StoredGuest).guestToken;

let asking: Promise<StoredGuest> | undefined;

/**
 * The visitor's guest identity: the one this browser keeps (SH-14's guest id), else a new one the server
 * makes, asked for once (however many screens ask at the same time) and kept.
 */
export function guestIdentity(): Promise<ChatIdentity> {
  const stored = readJson<unknown>(STORAGE_KEYS.guestChatId);
  if (isStoredGuest(stored)) return Promise.resolve({ kind: 'guest', ...stored });
  asking ??= callApi(chat.guest, {}).then(
    (answer) => {
      writeJson(STORAGE_KEYS.guestChatId, { guestId: answer.guestId, guestToken: answer.guestToken });
      asking = undefined;
      return answer;
    },
    (error: unknown) => {
      asking = undefined;
      throw error;
    },
  );
  return asking.then((guest) => ({ kind: 'guest', ...guest }));
}

/** The server no longer takes the kept guest token (CHAT_GUEST_INVALID): the next guestIdentity() is new. */
export function forgetGuest(): void {
  removeItem(STORAGE_KEYS.guestChatId);
}

/** The body's name for the conversation: { userId } or { guestId }. */
export const whoOf = (identity: ChatIdentity) =>
  identity.kind === 'member' ? { userId: identity.userId } : { guestId: identity.guestId };

/** The headers that prove a visitor's identity (a member's bearer token the api client adds itself). */
export function identityHeaders(identity: ChatIdentity): Record<string, string> {
  return identity.kind === 'guest' ? { [CHAT_GUEST_HEADER]: identity.guestToken } : {};
}

/** One chat call as `identity`. */
export function chatCall<E extends Endpoint>(
  identity: ChatIdentity,
  endpoint: E,
  body?: E['body'] extends z.ZodType ? z.input<E['body']> : undefined,
  options: CallOptions = {},
) {
  return callApi(endpoint, body as never, {
    ...options,
    headers: { ...options.headers, ...identityHeaders(identity) },
  });
}

/** Every header a chat request carries, for the requests the api client does not make (uploads). */
export function requestHeaders(identity: ChatIdentity): Record<string, string> {
  const headers: Record<string, string> = {
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    ...identityHeaders(identity),
  };
  const token = getToken();
  if (token && identity.kind === 'member') headers.Authorization = `Bearer ${token}`;
  return headers;
}
