// The chat with the operator (CHAT-1 to CHAT-7): one conversation per member (by the session)
// or per visitor (by a signed guest token), its messages over HTTP, new ones announced on the realtime
// socket (realtime.ts). The web and the server share these shapes; docs/api.md "Chat" describes them.
import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { PAGE_SIZE } from './constants.ts';

/** The header every chat call of a visitor carries: the guest token of `guest`. */
export const CHAT_GUEST_HEADER = 'X-Chat-Guest';
/** CHAT-4: the longest text message, counted after trimming. */
export const CHAT_TEXT_MAX_LENGTH = 2000;
/** CHAT-2: messages per history page. */
export const CHAT_HISTORY_PAGE = PAGE_SIZE.chatHistory;
export const CHAT_HISTORY_MAX_PAGE = 50;
/** CHAT-5: the largest files, in MB (the refusal's text names the limit). */
export const CHAT_IMAGE_MAX_MB = 10;
export const CHAT_VIDEO_MAX_MB = 20;
export const CHAT_IMAGE_MAX_BYTES = CHAT_IMAGE_MAX_MB * 1024 * 1024;
export const CHAT_VIDEO_MAX_BYTES = CHAT_VIDEO_MAX_MB * 1024 * 1024;
/** CHAT-5: what is accepted, checked by the file's content (magic bytes); the name needs an extension. */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const CHAT_VIDEO_TYPES = ['video/mp4', 'video/quicktime'] as const;
export const CHAT_IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'gif'] as const;
export const CHAT_VIDEO_EXTENSIONS = ['mp4', 'mov'] as const;
/** SH-18: an upload may take this long on a slow phone. */
export const CHAT_UPLOAD_TIMEOUT_MS = 300_000;
/** CHAT-3: how often the widget checks its socket and reconnects. */
export const CHAT_SOCKET_CHECK_MS = 5_000;
/** CHAT-6: messages are marked read this long after the last one was seen. */
export const CHAT_READ_DEBOUNCE_MS = 1_000;
/** How long the 'file too large' alert stays (CHAT-5). */
export const CHAT_ALERT_MS = 4_000;

const TITLE_MAX = 200;
const PAYLOAD_MAX = 1000;
const URL_MAX = 2000;

const title = () => text().max(TITLE_MAX);

/** A button: opens a web page, calls a phone number, or sends a postback (its payload) as the member. */
export const chatButtonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('web'), title: title(), url: text().max(URL_MAX) }),
  z.object({ type: z.literal('call'), title: title(), phone: text().max(30) }),
  z.object({ type: z.literal('postback'), title: title(), payload: text().max(PAYLOAD_MAX) }),
]);
export type ChatButton = z.infer<typeof chatButtonSchema>;

export const chatQuickReplySchema = z.object({ title: title(), payload: text().max(PAYLOAD_MAX) });
export type ChatQuickReply = z.infer<typeof chatQuickReplySchema>;

export const chatFileTypeSchema = z.enum(['image', 'video']);
export type ChatFileType = z.infer<typeof chatFileTypeSchema>;

export const chatTextPayloadSchema = z.object({ text: text() });
export const chatButtonsPayloadSchema = z.object({
  text: text(),
  buttons: z.array(chatButtonSchema).min(1).max(10),
});
export const chatMediaPayloadSchema = z.object({
  fileType: chatFileTypeSchema,
  filePath: text().max(URL_MAX),
  message: text().optional(),
});
export const chatQuickRepliesPayloadSchema = z.object({
  text: text(),
  replies: z.array(chatQuickReplySchema).min(1).max(13),
});
export const chatGenericPayloadSchema = z.object({
  elements: z
    .array(
      z.object({
        title: title(),
        subtitle: text().max(PAYLOAD_MAX).optional(),
        imageUrl: text().max(URL_MAX).optional(),
        buttons: z.array(chatButtonSchema).max(3).optional(),
      }),
    )
    .min(1)
    .max(10),
});
export const chatPostbackPayloadSchema = z.object({ title: title(), payload: text().max(PAYLOAD_MAX) });

/** CHAT-4: a message's content, any type (what the operator may send and every message read back). */
export const chatMessageContentSchema = z.discriminatedUnion('message_type', [
  z.object({ message_type: z.literal('text'), payload: chatTextPayloadSchema }),
  z.object({ message_type: z.literal('buttons'), payload: chatButtonsPayloadSchema }),
  z.object({ message_type: z.literal('media'), payload: chatMediaPayloadSchema }),
  z.object({ message_type: z.literal('quick_replies'), payload: chatQuickRepliesPayloadSchema }),
  z.object({ message_type: z.literal('generic'), payload: chatGenericPayloadSchema }),
  z.object({ message_type: z.literal('postback'), payload: chatPostbackPayloadSchema }),
]);
export type ChatMessageContent = z.infer<typeof chatMessageContentSchema>;
export const CHAT_MESSAGE_TYPES = [
  'text',
  'buttons',
  'media',
  'quick_replies',
  'generic',
  'postback',
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/**
 * What a customer may send: text (trimmed, 1 to CHAT_TEXT_MAX_LENGTH characters; the server answers
 * CHAT_TEXT_EMPTY or CHAT_TEXT_TOO_LONG, so the wire takes a little more), a postback from a button or a
 * quick reply, or media whose filePath came from an upload into the same conversation (CHAT_FILE_UNKNOWN).
 */
export const chatCustomerContentSchema = z.discriminatedUnion('message_type', [
  z.object({
    message_type: z.literal('text'),
    payload: z.object({ text: text().max(CHAT_TEXT_MAX_LENGTH * 4) }),
  }),
  z.object({ message_type: z.literal('postback'), payload: chatPostbackPayloadSchema }),
  z.object({
    message_type: z.literal('media'),
    payload: z.object({
      fileType: chatFileTypeSchema,
      filePath: text().max(URL_MAX),
      message: text()
        .max(CHAT_TEXT_MAX_LENGTH * 4)
        .optional(),
    }),
  }),
]);
export type ChatCustomerContent = z.infer<typeof chatCustomerContentSchema>;

export const CHAT_SENDERS = ['customer', 'operator', 'bot'] as const;

/** One stored message. `seq` grows per conversation: the client orders and de-duplicates by id or seq. */
export const chatMessageSchema = z.object({
  id: text(),
  seq: z.number().int(),
  sender: z.enum(CHAT_SENDERS),
  message: chatMessageContentSchema,
  createdAt: text(),
  userId: text().nullable(),
  guestId: text().nullable(),
  /** The name shown beside the message: the member's, the operator's, or the bot's. */
  name: text().nullable(),
  /** The sender's idempotency id (customer messages only). */
  clientId: text().nullable(),
  /** When the other side read it (CHAT-6). */
  readAt: text().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * CHAT-7: a visitor's identity. No body (or no valid token): a new guest id (UUID) and its token, an
 * HMAC under the app secret; a valid token is answered as it is. Members need none.
 */
export const guest = endpoint({
  method: 'POST',
  path: '/api/chat/guest',
  body: z.object({ guestId: text().max(100).optional(), guestToken: text().max(200).optional() }).nullish(),
  response: z.object({ guestId: text(), guestToken: text() }),
  auth: false,
});

/** CHAT-1 / CHAT-3: the room prefix, and whether the chat is on (setting chat.enabled). */
export const config = endpoint({
  method: 'GET',
  path: '/api/chat/config',
  body: undefined,
  response: z.object({ PREFIX: text(), enabled: z.boolean() }),
  auth: false,
});

/**
 * CHAT-4: a customer's message, as the member (bearer token) or the visitor (X-Chat-Guest). The same
 * clientId answers the message stored the first time (a retry after a lost answer stores nothing new).
 * CHAT_TEXT_EMPTY, CHAT_TEXT_TOO_LONG, CHAT_FILE_UNKNOWN, CHAT_GUEST_INVALID, REQUEST_LIMIT_1MIN.
 */
export const sendMessage = endpoint({
  method: 'POST',
  path: '/api/chat/send-message',
  body: z.object({
    clientId: text().uuid(),
    message: chatCustomerContentSchema,
    /** The language of the bot's answers when the browser's Accept-Language should not decide. */
    locale: z.enum(['th', 'la', 'en']).optional(),
  }),
  response: chatMessageSchema,
  auth: false,
  headers: { 'X-Chat-Guest': 'optional' },
});

/**
 * CHAT-2: skip=0 is the newest `limit` messages; skip=10 the ten before them. The page is in
 * chronological order (oldest first). userId/guestId, when given, must be the caller's own (CHAT_FORBIDDEN).
 */
export const history = endpoint({
  method: 'POST',
  path: '/api/chat/history',
  body: z.object({
    userId: text().max(100).nullish(),
    guestId: text().max(100).nullish(),
    limit: z.number().int().min(1).max(CHAT_HISTORY_MAX_PAGE).default(CHAT_HISTORY_PAGE),
    skip: z.number().int().min(0).max(1_000_000).default(0),
  }),
  response: z.object({ total: z.number().int(), messages: z.array(chatMessageSchema) }),
  auth: false,
  headers: { 'X-Chat-Guest': 'optional' },
});

/** CHAT-6: marks the operator's and the bot's messages to the caller read; `read` is how many were new. */
export const readCustomer = endpoint({
  method: 'PUT',
  path: '/api/chat/read-customer/',
  body: z.object({ userId: text().max(100).nullish(), guestId: text().max(100).nullish() }).nullish(),
  response: z.object({ read: z.number().int() }),
  auth: false,
  headers: { 'X-Chat-Guest': 'optional' },
});

export const uploadResultSchema = z.object({ fileType: chatFileTypeSchema, filePath: text() });
export type ChatUpload = z.infer<typeof uploadResultSchema>;

/**
 * CHAT-5: multipart/form-data with one part named "file". png, jpeg, gif up to CHAT_IMAGE_MAX_MB;
 * metadata is stripped before the file is kept. CHAT_FILE_NOT_SUPPORTED, CHAT_FILE_TOO_LARGE.
 */
export const uploadImage = endpoint({
  method: 'POST',
  path: '/api/chat/upload-image',
  body: undefined,
  response: uploadResultSchema,
  auth: false,
  headers: { 'X-Chat-Guest': 'optional' },
  upload: { field: 'file', types: CHAT_IMAGE_TYPES, maxBytes: CHAT_IMAGE_MAX_BYTES },
});
/** CHAT-5: mp4 or quicktime (mov) up to CHAT_VIDEO_MAX_MB. */
export const uploadVideo = endpoint({
  method: 'POST',
  path: '/api/chat/upload-video',
  body: undefined,
  response: uploadResultSchema,
  auth: false,
  headers: { 'X-Chat-Guest': 'optional' },
  upload: { field: 'file', types: CHAT_VIDEO_TYPES, maxBytes: CHAT_VIDEO_MAX_BYTES },
});

/** CHAT-5: where an uploaded file is read (GET, no auth: the name is a random 128-bit id). */
export const FILES_PATH = '/api/chat/files/';

// --- The operator's side (bearer operator token, like /api/ops/*; every action audited) ---

export const opsConversationSchema = z.object({
  id: text(),
  userId: text().nullable(),
  guestId: text().nullable(),
  name: text().nullable(),
  /** The customer's messages the operator has not read. */
  unread: z.number().int(),
  lastMessageAt: text().nullable(),
  closed: z.boolean(),
});
export type OpsConversation = z.infer<typeof opsConversationSchema>;

const ops = <B extends z.ZodType | undefined, R extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  body: B,
  response: R,
) => endpoint({ method, path, body, response, auth: false });

/** Newest activity first. */
export const opsConversations = ops(
  'GET',
  '/api/ops/chat/conversations',
  undefined,
  z.array(opsConversationSchema),
);
/** ?limit&skip as in history; reading marks the customer's messages read by the operator. */
export const opsConversation = ops(
  'GET',
  '/api/ops/chat/conversations/{id}',
  undefined,
  z.object({
    conversation: opsConversationSchema,
    total: z.number().int(),
    messages: z.array(chatMessageSchema),
  }),
);
/** Any message type; a closed conversation opens again. */
export const opsReply = ops(
  'POST',
  '/api/ops/chat/conversations/{id}/messages',
  z.object({ message: chatMessageContentSchema }),
  chatMessageSchema,
);
export const opsClose = ops(
  'POST',
  '/api/ops/chat/conversations/{id}/close',
  undefined,
  opsConversationSchema,
);

/** The realtime chat:read event: messages up to `upTo` (a seq) were read by `reader`. */
export const chatReadEventSchema = z.object({
  upTo: z.number().int(),
  reader: z.enum(['customer', 'operator']),
});
export type ChatReadEvent = z.infer<typeof chatReadEventSchema>;

/**
 * The language a member wrote in, by its letters: Lao, Thai, or Latin letters (English); null when the
 * text has none of them (digits, emoji). The server's unasked messages and the console's quick replies
 * answer a member in the language of their last words by this rule.
 */
export function scriptLanguage(text: string): 'th' | 'la' | 'en' | null {
  if (/[\u0E80-\u0EFF]/.test(text)) return 'la';
  if (/[\u0E00-\u0E7F]/.test(text)) return 'th';
  if (/[A-Za-z]/.test(text)) return 'en';
  return null;
}
