// The realtime channel (Socket.IO, same origin, path /socket.io/): one connection per logged-in member,
// authenticated in the handshake with `auth: { token }`. Events only nudge the client to ask again over
// HTTP; their payload carries what a toast needs and ids, never a balance.
import { z } from 'zod';
import { text } from './common.ts';

/** The Socket.IO path on the API's origin. */
export const REALTIME_PATH = '/socket.io/';
/** Largest message the server reads from a socket (the chat's join; messages go over HTTP). */
export const REALTIME_MAX_MESSAGE_BYTES = 16 * 1024;

/** The events the server sends; the coming chat adds its own beside them. */
export const REALTIME_EVENTS = {
  /** Something that changes what the member sees of their money: a MoneyEvent. */
  money: 'money',
  /** Chat: a new message in the caller's conversation, a ChatMessage (contract chat.ts). */
  chatMessage: 'chat:message',
  /** Chat: messages up to `upTo` (a seq) were read: { upTo, reader } (chat.ts chatReadEventSchema). */
  chatRead: 'chat:read',
  /** Chat, client to server, with an ack: joins the caller's own room; ack { ok: true, room } or { ok: false }. */
  chatJoin: 'chat:join',
} as const;

/** The handshake's auth: a member's session token, or a visitor's chat guest token (chat only). */
export interface RealtimeAuth {
  token?: string;
  guestToken?: string;
}

/**
 * The chat:join ack. `lastSeq` is the conversation's newest message (0: none yet), read once the socket
 * was in the room: every later message reaches the socket, so a client that holds messages up to it has
 * missed nothing and need not read the history again.
 */
export type ChatJoinAck = { ok: true; room: string; lastSeq: number } | { ok: false; message?: string };

/**
 * Why the server refused a handshake (the client's connect_error message): the same codes as the
 * HTTP answers, so the client ends the session on them as on any API call (SH-13).
 */
export const REALTIME_REFUSALS = ['invalid-token', 'INACTIVE_USER'] as const;

/**
 * Handshake refusals that ask the client to come back later: too many handshakes from its address in a
 * minute (REALTIME_HANDSHAKES_PER_MIN), a failure of the server's own, or its database out of reach for
 * now. The session is not in question.
 */
export const REALTIME_RETRY_LATER = [
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

const amount = z.number();

/**
 * One change to the member's money, as the database saw it commit:
 * - `deposit`: a deposit row appeared or changed status (SUCCESS is money received, by any channel);
 * - `qrcode`: a QR was made or changed status (PAID: the gateway's callback credited it);
 * - `slip`: a slip was uploaded or settled;
 * - `withdrawal`: a withdrawal was made or changed status (paid, refused, approved, rejected);
 * - `balance`: a balance of the member changed (whatever moved it);
 * - `protection`: the member's limits, reality check, time-out or self-exclusion changed (on another
 *   device, or a block staff placed): ask for the protection state (GET /api/protection) again;
 * - `resync`: the server may have missed changes (its database listener reconnected): ask for everything.
 */
export const moneyEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('deposit'),
    depositId: text(),
    channel: text(),
    status: text(),
    amount,
  }),
  z.object({
    type: z.literal('qrcode'),
    qrcodeId: text(),
    provider: text(),
    status: text(),
    amount,
  }),
  z.object({ type: z.literal('slip'), slipId: text(), status: text(), amount: amount.nullable() }),
  z.object({ type: z.literal('withdrawal'), withdrawalId: text(), status: text(), amount }),
  z.object({ type: z.literal('balance') }),
  z.object({ type: z.literal('protection') }),
  z.object({ type: z.literal('resync') }),
]);
export type MoneyEvent = z.infer<typeof moneyEventSchema>;
