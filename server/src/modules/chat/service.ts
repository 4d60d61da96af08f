// The chat: one conversation per member or visitor, its messages numbered per conversation, each new one
// announced on every instance to the conversation's sockets (socketRoomOf: by the full member id or the
// guest id; CHAT-3's PREFIX-userId is the name the web joins by).
// Identity comes only from the session or the verified guest token (identity.ts); ids in a body must be
// the caller's own.
import { REALTIME_EVENTS, chat, type ChatMessage, type ChatMessageContent } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { getSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';
import type { IncomingFile } from '../../http/one-file-upload.ts';
import { NotWalkable, peekHead } from '../../lib/byte-walk.ts';
import { hit } from '../../lib/rate-counter.ts';
import * as bot from './bot.ts';
import type { BotLocale } from './bot-texts.ts';
import { cleanedStream, nameFits, sniff, SNIFF_BYTES } from './media.ts';
import { takeQuota } from './quota.ts';
import { putStream, type ByteRange } from '../../providers/storage/storage.ts';
import { isFileName, newFileName, storageKey, type FileStore } from './storage.ts';

/** Who calls: a member by their session, or a visitor by their verified guest token. */
export type Caller = { kind: 'member'; memberId: string } | { kind: 'guest'; guestId: string };

/** Sends an event to a room on every instance (the Socket.IO Redis adapter carries it across). */
export type Announce = (room: string, event: string, payload: unknown) => void;

export interface ChatCtx extends Ctx {
  announce: Announce;
  chatFiles: FileStore;
}

/** Messages a customer may send in a minute before REQUEST_LIMIT_1MIN (a script, not a person). */
export const SENDS_PER_MIN = 30;
export { UPLOADS_PER_MIN } from './quota.ts';
const DEFAULT_PREFIX = 'krapao';

type ChatCustomerContent = chat.ChatCustomerContent;
type ChatReadEvent = chat.ChatReadEvent;

export async function chatSettings(q: Queryable) {
  const [prefix, enabled] = await Promise.all([
    getSetting<string>(q, 'chat.prefix'),
    getSetting<boolean>(q, 'chat.enabled'),
  ]);
  return { PREFIX: prefix && usablePrefix(prefix) ? prefix : DEFAULT_PREFIX, enabled: enabled ?? true };
}

/**
 * A prefix that cannot name a room of the money channel (realtime/rooms.ts: member-<id>, session-<hash>):
 * 'member' would put a chat join into another member's money room.
 */
const usablePrefix = (p: string) => /^[A-Za-z0-9_]{1,40}$/.test(p) && p !== 'member' && p !== 'session';

/** The room of a conversation: PREFIX-userId for a member, PREFIX-guestId for a visitor (CHAT-3). */
export const chatRoom = (prefix: string, customerId: string) => `${prefix}-${customerId}`;

/**
 * The Socket.IO room a conversation's sockets are in, by the member's full id or the guest's UUID: CHAT-3's
 * name (the six-character public id under the operator's PREFIX) is what the web asks to join and is
 * answered, but the sockets are not grouped by it, so a change of PREFIX or a short id never sends a
 * message to the wrong room.
 */
export const socketRoomOf = (c: { member_id: string | null; guest_id: string | null }) =>
  c.member_id ? `chat-member-${c.member_id}` : `chat-guest-${c.guest_id}`;

export const callerSocketRoom = (caller: Caller) =>
  caller.kind === 'member'
    ? socketRoomOf({ member_id: caller.memberId, guest_id: null })
    : socketRoomOf({ member_id: null, guest_id: caller.guestId });

interface ConversationRow {
  id: string;
  member_id: string | null;
  guest_id: string | null;
  user_id: string | null;
  member_name: string | null;
  currency: string | null;
  greeted: boolean;
  closed: boolean;
  last_message_at: Date | null;
}

const CONVERSATION = `select c.id::text as id, c.member_id::text as member_id, c.guest_id, m.public_id as user_id, m.name as member_name,
    m.currency, c.greeted, c.closed, c.last_message_at
  from chat_conversations c left join members m on m.id = c.member_id`;

/** The column and value that find the caller's conversation. */
const conversationKey = (caller: Caller) =>
  caller.kind === 'member'
    ? (['member_id', caller.memberId] as const)
    : (['guest_id', caller.guestId] as const);

/** The caller's conversation; with `create`, made on first use (and locked for the transaction). */
async function conversationOf(q: Queryable, caller: Caller, create: true): Promise<ConversationRow>;
async function conversationOf(
  q: Queryable,
  caller: Caller,
  create: false,
): Promise<ConversationRow | undefined>;
async function conversationOf(q: Queryable, caller: Caller, create: boolean) {
  const [column, value] = conversationKey(caller);
  if (create) {
    await q.query(
      `insert into chat_conversations (${column}) values ($1) on conflict (${column}) do nothing`,
      [value],
    );
    await q.query(`select id from chat_conversations where ${column} = $1 for update`, [value]);
  }
  const [row] = await q.query<ConversationRow>(`${CONVERSATION} where c.${column} = $1`, [value]);
  return row;
}

/** The member's public id (the API's _id) or the guest id: the room's and the messages' customer id. */
async function customerIdOf(
  q: Queryable,
  caller: Caller,
): Promise<{ userId: string | null; guestId: string | null }> {
  if (caller.kind === 'guest') return { userId: null, guestId: caller.guestId };
  const [m] = await q.query<{ public_id: string }>('select public_id from members where id = $1', [
    caller.memberId,
  ]);
  if (!m) throw new AppError('UNAUTHORIZED', 401);
  return { userId: m.public_id, guestId: null };
}

/** The room of the caller's own conversation: what chat:join answers (only ever the caller's own). */
export async function roomOf(q: Queryable, caller: Caller): Promise<string> {
  const [{ PREFIX }, ids] = await Promise.all([chatSettings(q), customerIdOf(q, caller)]);
  return chatRoom(PREFIX, (ids.userId ?? ids.guestId)!);
}

/** The seq of the caller's newest message, 0 before their first (chat:join's lastSeq). */
export async function lastSeqOf(q: Queryable, caller: Caller): Promise<number> {
  const [column, value] = conversationKey(caller);
  const [c] = await q.query<{ last_seq: number }>(
    `select last_seq from chat_conversations where ${column} = $1`,
    [value],
  );
  return c?.last_seq ?? 0;
}

/** A body's userId/guestId, when given, must be the caller's own: no one reads or writes another's. */
async function checkClaimedIds(
  q: Queryable,
  caller: Caller,
  claimed: { userId?: string | null; guestId?: string | null } | null | undefined,
) {
  const userId = claimed?.userId || undefined;
  const guestId = claimed?.guestId || undefined;
  if (!userId && !guestId) return;
  const own = await customerIdOf(q, caller);
  if ((userId && userId !== own.userId) || (guestId && guestId !== own.guestId))
    throw new AppError('CHAT_FORBIDDEN', 403);
}

interface MessageRow {
  id: string;
  seq: number;
  sender: ChatMessage['sender'];
  sender_name: string | null;
  message_type: ChatMessageContent['message_type'];
  payload: ChatMessageContent['payload'];
  client_id: string | null;
  read_at: Date | null;
  created_at: Date;
  user_id: string | null;
  guest_id: string | null;
}

const MESSAGE = `select msg.id::text as id, msg.seq, msg.sender, msg.sender_name, msg.message_type, msg.payload,
    msg.client_id, msg.read_at, msg.created_at, m.public_id as user_id, c.guest_id
  from chat_messages msg join chat_conversations c on c.id = msg.conversation_id
  left join members m on m.id = c.member_id`;

function toMessage(r: MessageRow): ChatMessage {
  return {
    id: r.id,
    seq: r.seq,
    sender: r.sender,
    message: { message_type: r.message_type, payload: r.payload } as ChatMessageContent,
    createdAt: r.created_at.toISOString(),
    userId: r.user_id,
    guestId: r.guest_id,
    name: r.sender_name,
    clientId: r.client_id,
    readAt: r.read_at?.toISOString() ?? null,
  };
}

async function messageById(q: Queryable, id: string): Promise<ChatMessage> {
  const [row] = await q.query<MessageRow>(`${MESSAGE} where msg.id = $1`, [id]);
  return toMessage(row!);
}

/**
 * Adds a message under the conversation's next seq (the conversation row is locked by the update, so
 * concurrent senders on any instance number one after the other). A customer's or operator's message
 * opens a closed conversation again.
 */
async function insertMessage(
  q: Queryable,
  conversationId: string,
  m: { sender: ChatMessage['sender']; name: string | null; content: ChatMessageContent; clientId?: string },
  now: Date,
): Promise<ChatMessage> {
  const [c] = await q.query<{ last_seq: number }>(
    `update chat_conversations set last_seq = last_seq + 1, last_message_at = $2,
       closed = case when $3 then false else closed end
     where id = $1 returning last_seq`,
    [conversationId, now, m.sender !== 'bot'],
  );
  const [row] = await q.query<{ id: string }>(
    `insert into chat_messages (conversation_id, seq, sender, sender_name, message_type, payload, client_id,
       delivered_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id::text as id`,
    [
      conversationId,
      c!.last_seq,
      m.sender,
      m.name,
      m.content.message_type,
      JSON.stringify(m.content.payload),
      m.clientId ?? null,
      now,
    ],
  );
  return messageById(q, row!.id);
}

function announceMessage(ctx: ChatCtx, conversation: ConversationRow, message: ChatMessage) {
  ctx.announce(socketRoomOf(conversation), REALTIME_EVENTS.chatMessage, message);
}

/** CHAT-4: trimmed, 1 to chat.CHAT_TEXT_MAX_LENGTH characters (code points, as a person counts them). */
function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw new AppError('CHAT_TEXT_EMPTY');
  if ([...trimmed].length > chat.CHAT_TEXT_MAX_LENGTH) throw new AppError('CHAT_TEXT_TOO_LONG');
  return trimmed;
}

/** What a customer's message is stored as, after its checks; nothing is stored when one fails. */
async function customerContent(
  q: Queryable,
  conversationId: string,
  message: ChatCustomerContent,
  now: Date,
): Promise<ChatMessageContent> {
  switch (message.message_type) {
    case 'text':
      return { message_type: 'text', payload: { text: checkedText(message.payload.text) } };
    case 'postback':
      return { message_type: 'postback', payload: message.payload };
    case 'media': {
      const { fileType, filePath } = message.payload;
      const name = filePath.startsWith(chat.FILES_PATH) ? filePath.slice(chat.FILES_PATH.length) : '';
      // Marked sent in the same statement that finds it: the sweeper (file-sweeper.ts) removes only
      // files never sent, and the row lock makes one of the two wait for the other.
      const [file] = isFileName(name)
        ? await q.query(
            `update chat_files set sent_at = coalesce(sent_at, $4)
             where name = $1 and conversation_id = $2 and file_type = $3 returning 1`,
            [name, conversationId, fileType, now],
          )
        : [];
      if (!file) throw new AppError('CHAT_FILE_UNKNOWN');
      const caption = message.payload.message?.trim();
      return {
        message_type: 'media',
        payload: { fileType, filePath, ...(caption ? { message: checkedText(caption) } : {}) },
      };
    }
  }
}

async function limited(q: Queryable, key: string, perMinute: number, now: Date) {
  if ((await hit(q, key, 60, now)) > perMinute) throw new AppError('REQUEST_LIMIT_1MIN', 429, 60);
}

/**
 * CHAT-4: a customer's message. The same clientId answers the message stored the first time (a retry
 * after a lost answer stores nothing and announces nothing new). A new message is announced to the room
 * (the customer's other tabs), then the bot answers a known postback or greets a new conversation.
 */
export async function sendMessage(
  ctx: ChatCtx,
  caller: Caller,
  body: { clientId: string; message: ChatCustomerContent; locale?: BotLocale },
  acceptLanguage: unknown,
): Promise<ChatMessage> {
  const settings = await chatSettings(ctx.db);
  if (!settings.enabled) throw new AppError('CHAT_DISABLED', 403);
  const now = ctx.clock.now();
  const sent = await ctx.db.tx(async (q) => {
    const conversation = await conversationOf(q, caller, true);
    const [earlier] = await q.query<{ id: string }>(
      'select id::text as id from chat_messages where conversation_id = $1 and client_id = $2',
      [conversation.id, body.clientId],
    );
    if (earlier) return { conversation, message: await messageById(q, earlier.id), fresh: false };
    const content = await customerContent(q, conversation.id, body.message, now);
    await limited(q, `chat-send:${conversation.id}`, SENDS_PER_MIN, now);
    const message = await insertMessage(
      q,
      conversation.id,
      { sender: 'customer', name: conversation.member_name, content, clientId: body.clientId },
      now,
    );
    return { conversation, message, fresh: true };
  });
  if (!sent.fresh) return sent.message;
  announceMessage(ctx, sent.conversation, sent.message);
  const fallback: BotLocale = sent.conversation.currency === 'LAK' ? 'la' : 'th';
  const locale = bot.botLocale(body.locale, acceptLanguage, fallback);
  // The bot's answer is best effort: the customer's message is stored and answered whatever happens here.
  await botReply(ctx, sent.conversation, body.message, locale).catch((err: unknown) =>
    ctx.log.error({ err }, 'chat: the bot could not answer'),
  );
  return sent.message;
}

async function botReply(
  ctx: ChatCtx,
  conversation: ConversationRow,
  message: ChatCustomerContent,
  locale: BotLocale,
) {
  const replies = await ctx.db.tx(async (q) => {
    const content = await bot.answer(q, message, conversation.member_id ?? undefined, locale);
    // The greeting goes once per conversation: the flag is taken in the same statement that reads it.
    const [first] = await q.query(
      'update chat_conversations set greeted = true where id = $1 and not greeted returning id',
      [conversation.id],
    );
    const reply = content ?? (first ? bot.greeting(locale) : undefined);
    if (!reply) return [];
    return [
      await insertMessage(
        q,
        conversation.id,
        { sender: 'bot', name: bot.botName(locale), content: reply },
        ctx.clock.now(),
      ),
    ];
  });
  for (const r of replies) announceMessage(ctx, conversation, r);
}

/**
 * CHAT-2: skip=0 is the newest `limit` messages, skip=limit the page before; each page oldest first.
 * A caller without a conversation yet has an empty one (reading makes nothing).
 */
export async function history(
  ctx: Ctx,
  caller: Caller,
  body: { userId?: string | null; guestId?: string | null; limit: number; skip: number },
) {
  await checkClaimedIds(ctx.db, caller, body);
  const conversation = await conversationOf(ctx.db, caller, false);
  if (!conversation) return { total: 0, messages: [] };
  return page(ctx.db, conversation.id, body.limit, body.skip);
}

async function page(q: Queryable, conversationId: string, limit: number, skip: number) {
  const [count] = await q.query<{ n: number }>(
    'select count(*)::int as n from chat_messages where conversation_id = $1',
    [conversationId],
  );
  const rows = await q.query<MessageRow>(
    `${MESSAGE} where msg.conversation_id = $1 order by msg.seq desc limit $2 offset $3`,
    [conversationId, limit, skip],
  );
  return { total: count!.n, messages: rows.reverse().map(toMessage) };
}

/** Marks one side's unread messages read; answers how many and the highest seq among them. */
async function markRead(q: Queryable, conversationId: string, reader: 'customer' | 'operator', now: Date) {
  const rows = await q.query<{ seq: number }>(
    `update chat_messages set read_at = $2 where conversation_id = $1 and read_at is null
       and ${reader === 'customer' ? "sender <> 'customer'" : "sender = 'customer'"}
     returning seq`,
    [conversationId, now],
  );
  return { read: rows.length, upTo: rows.reduce((max, r) => Math.max(max, r.seq), 0) };
}

/** CHAT-6: the operator's and the bot's messages to the caller are read; the room hears up to which. */
export async function readCustomer(
  ctx: ChatCtx,
  caller: Caller,
  body: { userId?: string | null; guestId?: string | null } | null | undefined,
) {
  await checkClaimedIds(ctx.db, caller, body);
  const conversation = await conversationOf(ctx.db, caller, false);
  if (!conversation) return { read: 0 };
  const done = await markRead(ctx.db, conversation.id, 'customer', ctx.clock.now());
  if (done.read) await announceRead(ctx, conversation, { upTo: done.upTo, reader: 'customer' });
  return { read: done.read };
}

async function announceRead(ctx: ChatCtx, conversation: ConversationRow, event: ChatReadEvent) {
  ctx.announce(socketRoomOf(conversation), REALTIME_EVENTS.chatRead, event);
}

/**
 * CHAT-5: a picture or a video into the caller's conversation, streamed into the store as it arrives. The
 * first bytes decide the type (the name must only have an extension of the same kind); the rest passes
 * through the walk of that type on its way to the store (media.ts: a picture without its metadata, a
 * video with its metadata boxes turned into 'free' boxes of the same size), and one whose structure
 * cannot be walked is refused as not supported. The day's quotas (quota.ts) are taken before a byte is
 * stored. Whatever is refused, during the upload or after, leaves nothing stored and nothing counted; the
 * file is stored before its row, so a row never points to nothing.
 */
export async function upload(
  ctx: ChatCtx,
  caller: Caller,
  kind: 'image' | 'video',
  file: IncomingFile | undefined,
  address: string,
): Promise<{ fileType: 'image' | 'video'; filePath: string }> {
  const settings = await chatSettings(ctx.db);
  if (!settings.enabled) throw new AppError('CHAT_DISABLED', 403);
  if (!file) throw new AppError('CHAT_FILE_NOT_SUPPORTED');
  if (!nameFits(file.filename, kind)) throw new AppError('CHAT_FILE_NOT_SUPPORTED');
  const { head, content } = await peekHead(file.content, SNIFF_BYTES);
  const type = sniff(head);
  if (!type || type.fileType !== kind) throw new AppError('CHAT_FILE_NOT_SUPPORTED');
  const now = ctx.clock.now();
  const conversation = await ctx.db.tx((q) => conversationOf(q, caller, true));
  const quota = await takeQuota(ctx.db, caller, conversation.id, address, now);
  const name = newFileName(type.ext);
  let size: number;
  try {
    size = await putStream(ctx.chatFiles, storageKey(name), cleanedStream(content, type), {
      maxBytes: quota.bytesLeft,
      tooMuch: () => new AppError('CHAT_UPLOAD_LIMIT', 429),
    });
  } catch (err) {
    await quota.release();
    throw err instanceof NotWalkable ? new AppError('CHAT_FILE_NOT_SUPPORTED') : err;
  }
  try {
    await quota.commit(size);
    await ctx.db.query(
      `insert into chat_files (name, conversation_id, file_type, content_type, size, created_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [name, conversation.id, kind, type.contentType, size, now],
    );
  } catch (err) {
    await ctx.chatFiles.delete(storageKey(name));
    if (!(err instanceof AppError)) await quota.release();
    throw err;
  }
  return { fileType: kind, filePath: `${chat.FILES_PATH}${name}` };
}

/**
 * An uploaded file by its name, with the type its bytes proved and its size; undefined for an unknown
 * name. Its bytes are read from the store only when served (read), in the range asked for.
 */
export async function fileOf(ctx: ChatCtx, name: string) {
  if (!isFileName(name)) return undefined;
  const [row] = await ctx.db.query<{ content_type: string; size: number }>(
    'select content_type, size from chat_files where name = $1',
    [name],
  );
  if (!row) return undefined;
  return {
    contentType: row.content_type,
    size: row.size,
    read: (range?: ByteRange) => ctx.chatFiles.read(storageKey(name), range),
  };
}

// --- The operator's side ---

interface OpsConversationRow extends ConversationRow {
  unread: number;
}

function toOpsConversation(r: OpsConversationRow) {
  return {
    id: r.id,
    userId: r.user_id,
    guestId: r.guest_id,
    name: r.member_name,
    unread: r.unread,
    lastMessageAt: r.last_message_at?.toISOString() ?? null,
    closed: r.closed,
  };
}

const OPS_CONVERSATION = `select c.id::text as id, c.member_id::text as member_id, c.guest_id,
    m.public_id as user_id, m.name as member_name, m.currency, c.greeted, c.closed, c.last_message_at,
    (select count(*)::int from chat_messages x
      where x.conversation_id = c.id and x.sender = 'customer' and x.read_at is null) as unread
  from chat_conversations c left join members m on m.id = c.member_id`;

/** Conversations with a message, the latest activity first, with the customer's unread count. */
export async function listConversations(ctx: Ctx) {
  const rows = await ctx.db.query<OpsConversationRow>(
    `${OPS_CONVERSATION} where c.last_message_at is not null
     order by c.last_message_at desc, c.id desc limit 200`,
  );
  return rows.map(toOpsConversation);
}

async function opsConversationById(q: Queryable, id: string): Promise<OpsConversationRow> {
  const [row] = /^\d{1,18}$/.test(id)
    ? await q.query<OpsConversationRow>(`${OPS_CONVERSATION} where c.id = $1`, [id])
    : [];
  if (!row) throw new AppError('NOT_FOUND', 404);
  return row;
}

/** One conversation's page of messages; the customer's messages become read by the operator. */
export async function readConversation(ctx: ChatCtx, id: string, limit: number, skip: number) {
  const conversation = await opsConversationById(ctx.db, id);
  const done = await markRead(ctx.db, conversation.id, 'operator', ctx.clock.now());
  if (done.read) await announceRead(ctx, conversation, { upTo: done.upTo, reader: 'operator' });
  const { total, messages } = await page(ctx.db, conversation.id, limit, skip);
  return { conversation: toOpsConversation({ ...conversation, unread: 0 }), total, messages };
}

/** The operator's reply, of any type, under the operator's name; a closed conversation opens again. */
export async function reply(ctx: ChatCtx, operator: string, id: string, content: ChatMessageContent) {
  const { conversation, message } = await ctx.db.tx(async (q) => {
    const conversation = await opsConversationById(q, id);
    await q.query('select id from chat_conversations where id = $1 for update', [conversation.id]);
    const message = await insertMessage(
      q,
      conversation.id,
      { sender: 'operator', name: operator, content },
      ctx.clock.now(),
    );
    return { conversation, message };
  });
  announceMessage(ctx, conversation, message);
  return message;
}

export async function close(ctx: Ctx, id: string) {
  const conversation = await opsConversationById(ctx.db, id);
  await ctx.db.query('update chat_conversations set closed = true where id = $1', [conversation.id]);
  return toOpsConversation({ ...conversation, closed: true });
}
