// The chat area's console face (modules/staff/console-scope.ts): conversations of members and guests,
// the ones waiting longest first, with the member's context; replies go through the very service the
// operator API and `npm run ops -- chat-reply` use (service.ts reply), so the customer sees them live in
// their room as before. A staff member takes a conversation (assign) so two do not answer one customer.
// Each change commits with its audit row (staff/audited.ts).
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chat, consoleQueues as api, toBaht, type ConsoleConversation } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { openOneFile } from '../../http/one-file-upload.ts';
import { waitingSinceSql } from '../queues/summary.ts';
import { audited, type Actor } from '../staff/audited.ts';
import { actorOf, consoleRoutes, paramOf } from '../staff/console-scope.ts';
import * as service from './service.ts';
import type { ChatCtx } from './service.ts';

interface Row {
  id: string;
  member_id: string | null;
  user_id: string | null;
  guest_id: string | null;
  name: string | null;
  phone: string | null;
  unread: number;
  waiting_since: Date | null;
  last_message_at: Date | null;
  closed: boolean;
  assigned_to: string | null;
}

const SELECT = `select c.id::text as id, c.member_id::text as member_id, m.public_id as user_id, c.guest_id::text as guest_id,
    m.name, m.phone, c.last_message_at, c.closed, c.assigned_to,
    (select count(*)::int from chat_messages x
      where x.conversation_id = c.id and x.sender = 'customer' and x.read_at is null) as unread,
    case when c.closed then null else ${waitingSinceSql('c')} end as waiting_since
  from chat_conversations c left join members m on m.id = c.member_id`;

const toConversation = (r: Row): ConsoleConversation => ({
  id: r.id,
  memberId: r.user_id,
  guestId: r.guest_id,
  name: r.name,
  phone: r.phone,
  unread: r.unread,
  waitingSince: r.waiting_since?.toISOString() ?? null,
  lastMessageAt: r.last_message_at?.toISOString() ?? null,
  closed: r.closed,
  assignedTo: r.assigned_to,
});

/** Waiting conversations, the longest waiting first; then the rest, the latest activity first. */
export async function consoleConversations(ctx: Ctx) {
  const rows = await ctx.db.query<Row>(
    `select * from (${SELECT} where c.last_message_at is not null) q
     order by q.waiting_since is null, q.waiting_since, q.last_message_at desc, q.id desc limit 200`,
  );
  return { items: rows.map(toConversation) };
}

async function conversationRow(ctx: Ctx, id: string): Promise<Row> {
  const [row] = /^\d{1,18}$/.test(id) ? await ctx.db.query<Row>(`${SELECT} where c.id = $1`, [id]) : [];
  if (!row) throw new AppError('NOT_FOUND', 404);
  return row;
}

/** The member's name, phone, balance and last deposits beside the thread; null for a guest. */
async function memberContext(ctx: Ctx, memberId: string) {
  const [m] = await ctx.db.query<{
    public_id: string;
    name: string;
    phone: string;
    currency: string;
    balance: bigint | null;
  }>(
    `select m.public_id, m.name, m.phone, m.currency,
            (select a.balance from ledger_accounts a where a.member_id = m.id and a.code like '%:wallet' limit 1) as balance
     from members m where m.id = $1`,
    [memberId],
  );
  if (!m) return null;
  const deposits = await ctx.db.query<{ amount: bigint; channel: string; status: string; created_at: Date }>(
    `select amount, channel, status, created_at from deposits where member_id = $1
     order by created_at desc, id desc limit 5`,
    [memberId],
  );
  return {
    memberId: m.public_id,
    name: m.name,
    phone: m.phone,
    currency: m.currency,
    balance: toBaht(m.balance ?? 0n),
    deposits: deposits.map((d) => ({
      amount: toBaht(d.amount),
      channel: d.channel,
      status: d.status,
      createdAt: d.created_at.toISOString(),
    })),
  };
}

/** The last 50 messages (reading marks the customer's read, as `npm run ops -- chat` does). */
export async function consoleThread(ctx: ChatCtx, id: string) {
  const row = await conversationRow(ctx, id);
  const read = await service.readConversation(ctx, row.id, 50, 0);
  return {
    conversation: toConversation({ ...row, unread: 0 }),
    messages: read.messages,
    member: row.member_id ? await memberContext(ctx, row.member_id) : null,
  };
}

/** The member's conversation, made when they have none yet (a withdrawal's rejection is told there). */
export async function memberConversationId(ctx: Ctx, memberId: string): Promise<string> {
  await ctx.db.query(
    'insert into chat_conversations (member_id) values ($1) on conflict (member_id) do nothing',
    [memberId],
  );
  const [c] = await ctx.db.query<{ id: string }>(
    'select id::text as id from chat_conversations where member_id = $1',
    [memberId],
  );
  return c!.id;
}

export async function consoleReply(ctx: ChatCtx, actor: Actor, id: string, content: chat.ChatMessageContent) {
  return audited(ctx, actor, async (tx) => {
    const row = await conversationRow(tx, id);
    // Told to the member's room once the message and its row have committed (audited's `later`).
    const message = await service.reply(tx, actor.username, row.id, content);
    return {
      answer: message,
      audit: {
        ...about(row, 'chat.reply'),
        after: { messageType: content.message_type, seq: message.seq },
      },
    };
  });
}

export async function assignConversation(ctx: Ctx, actor: Actor, id: string) {
  return audited(ctx, actor, async (tx) => {
    const row = await conversationRow(tx, id);
    await tx.db.query('update chat_conversations set assigned_to = $2, assigned_at = $3 where id = $1', [
      row.id,
      actor.username,
      tx.clock.now(),
    ]);
    return {
      answer: toConversation({ ...row, assigned_to: actor.username }),
      audit: {
        ...about(row, 'chat.assign'),
        before: { assignedTo: row.assigned_to },
        after: { assignedTo: actor.username },
      },
    };
  });
}

export async function closeConversation(ctx: Ctx, actor: Actor, id: string) {
  return audited(ctx, actor, async (tx) => {
    const row = await conversationRow(tx, id);
    await service.close(tx, row.id);
    return {
      answer: toConversation({ ...row, closed: true, waiting_since: null }),
      audit: { ...about(row, 'chat.close'), before: { closed: row.closed }, after: { closed: true } },
    };
  });
}

/** What every audit row of a conversation names: the action, the conversation and its member. */
const about = (row: Row, action: string) => ({ action, target: row.id, memberId: row.user_id });

const idOf = (req: FastifyRequest) => paramOf(req, 'id');

export function chatConsoleRoutes(app: FastifyInstance, ctx: ChatCtx) {
  consoleRoutes(
    app,
    ctx,
    (add) => {
      add(api.chats, 'chat.read', () => consoleConversations(ctx));
      add(api.chatThread, 'chat.read', (req) => consoleThread(ctx, idOf(req)));
      add(api.chatReply, 'chat.answer', (req, body) =>
        consoleReply(ctx, actorOf(req), idOf(req), body.message),
      );
      add(api.chatAssign, 'chat.answer', (req) => assignConversation(ctx, actorOf(req), idOf(req)));
      add(api.chatClose, 'chat.answer', (req) => closeConversation(ctx, actorOf(req), idOf(req)));
    },
    // A picture for a reply, stored like a customer's upload into the same conversation (its checks, its
    // store; the day's upload quota is the conversation's). Answered with the media payload to send.
    (scope) => {
      void scope.register(async (uploads) => {
        await uploads.register(multipart, { throwFileSizeLimit: true });
        uploads.post(
          api.CHAT_IMAGE_UPLOAD_PATH.replace('{id}', ':id'),
          { config: { consolePermission: 'chat.answer' } },
          async (req) => {
            const row = await conversationRow(ctx, idOf(req));
            const caller: service.Caller = row.member_id
              ? { kind: 'member', memberId: row.member_id }
              : { kind: 'guest', guestId: row.guest_id! };
            const file = await openOneFile(req, {
              maxBytes: chat.CHAT_IMAGE_MAX_BYTES,
              tooLarge: 'CHAT_FILE_TOO_LARGE',
              malformed: 'CHAT_FILE_NOT_SUPPORTED',
            });
            try {
              return await service.upload(ctx, caller, 'image', file, req.ip);
            } finally {
              await file?.discard();
            }
          },
        );
      });
    },
  );
}
