// CHAT-3: the chat on the realtime socket, over real HTTP and WebSocket as a browser uses it. A member or a
// visitor joins only their own room; new messages arrive live; a socket that was down gets what it missed
// from the history after reconnecting, once each, in order. With PostgreSQL and Redis, two instances: an
// operator's reply through one reaches a member's socket on the other.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { io as openSocket, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, REALTIME_PATH, type ChatJoinAck, type ChatMessage } from '@krapao/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import {
  allMessages,
  conversationIdOf,
  newGuest,
  OPS_TOKEN,
  ops,
  sendText,
  type Who,
} from './chat-helpers.ts';
import { bankTransfer, baseUrl, eventually, onPostgres, registerAndLogin, useTestApp } from './helpers.ts';

const chatDir = mkdtempSync(join(tmpdir(), 'krapao-chat-'));
afterAll(() => rmSync(chatDir, { recursive: true, force: true }));
const t = useTestApp({ OPS_TOKEN, CHAT_STORAGE_DIR: chatDir });

interface ChatSocket {
  socket: Socket;
  chat: ChatMessage[];
  money: unknown[];
}

const open: Socket[] = [];
afterAll(() => open.forEach((s) => s.close()));

function connectAs(app: FastifyInstance, auth: Record<string, unknown>): Promise<ChatSocket> {
  const socket = openSocket(baseUrl(app), {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  const chat: ChatMessage[] = [];
  const money: unknown[] = [];
  socket.on(REALTIME_EVENTS.chatMessage, (m: ChatMessage) => chat.push(m));
  socket.on(REALTIME_EVENTS.money, (e: unknown) => money.push(e));
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve({ socket, chat, money }));
    socket.on('connect_error', reject);
  });
}
const authOf = (who: Who) => ('token' in who ? { token: who.token } : { guestToken: who.guestToken });

const join_ = (s: ChatSocket, asked?: unknown) =>
  new Promise<ChatJoinAck>((resolve) =>
    asked === undefined
      ? s.socket.emit(REALTIME_EVENTS.chatJoin, resolve)
      : s.socket.emit(REALTIME_EVENTS.chatJoin, asked, resolve),
  );

const heard = (s: ChatSocket, n: number) =>
  eventually(
    async () => s.chat,
    (c) => c.length >= n,
  );

const textOf = (m: ChatMessage) =>
  m.message.message_type === 'text' ? m.message.payload.text : m.message.message_type;

describe('chat on the realtime socket', () => {
  it('[CHAT-3] a member joins only their own room; a forged room name is refused and joins nothing', async () => {
    const alice = await registerAndLogin(t.app);
    const mallory = await registerAndLogin(t.app);
    const a = await connectAs(t.app, authOf(alice));
    const m = await connectAs(t.app, authOf(mallory));
    expect(await join_(a)).toEqual({ ok: true, room: `krapao-${alice.id}`, lastSeq: 0 });
    expect(await join_(m, { room: `krapao-${alice.id}` })).toEqual({ ok: false, message: 'CHAT_FORBIDDEN' });
    expect(await join_(m, `member-${alice.id}`)).toEqual({ ok: false, message: 'CHAT_FORBIDDEN' });
    expect(await join_(m, { room: `krapao-${mallory.id}` })).toEqual({
      ok: true,
      room: `krapao-${mallory.id}`,
      lastSeq: 0,
    });

    await sendText(t.app, alice, 'only for alice');
    const got = await heard(a, 2); // her message (for her other tabs) and the greeting
    expect(got.map(textOf)).toEqual(['only for alice', 'quick_replies']);
    // Mallory's socket hears what reaches it in order: once her own message (sent after Alice's was
    // delivered) has come, Alice's would have come before it, had she been in that room.
    await sendText(t.app, mallory, 'only for mallory');
    expect((await heard(m, 2)).map(textOf)).toEqual(['only for mallory', 'quick_replies']);
    // A join tells the newest message's seq, her own and the greeting: a client holding both reads nothing.
    expect(await join_(a)).toEqual({ ok: true, room: `krapao-${alice.id}`, lastSeq: 2 });
  });

  it('[CHAT-7] a visitor connects with the guest token: the chat only, never money events; a forged token is refused', async () => {
    const g = await newGuest(t.app);
    const s = await connectAs(t.app, { guestToken: g.guestToken });
    expect(await join_(s)).toEqual({ ok: true, room: `krapao-${g.guestId}`, lastSeq: 0 });
    const forged = `${g.guestId}.${'A'.repeat(43)}`;
    await expect(connectAs(t.app, { guestToken: forged })).rejects.toThrow('CHAT_GUEST_INVALID');

    const member = await registerAndLogin(t.app);
    const ms = await connectAs(t.app, authOf(member));
    await bankTransfer(t.app, member.reg, 100);
    await eventually(
      async () => ms.money,
      (x) => x.length > 0,
    );
    const id = await (async () => {
      await sendText(t.app, g, 'hello from a visitor');
      return conversationIdOf(t.app, { guestId: g.guestId });
    })();
    await ops(t.app, 'POST', `/api/ops/chat/conversations/${id}/messages`, {
      message: { message_type: 'text', payload: { text: 'hello visitor' } },
    });
    const got = await heard(s, 3);
    expect(got.map(textOf)).toEqual(['hello from a visitor', 'quick_replies', 'hello visitor']);
    expect(s.money).toEqual([]);
  });

  it('[CHAT-3] a socket dropped mid-conversation gets what it missed from the history, once each, in order', async () => {
    const member = await registerAndLogin(t.app);
    let s = await connectAs(t.app, authOf(member));
    await join_(s);
    await sendText(t.app, member, 'my question');
    await heard(s, 2);
    const id = await conversationIdOf(t.app, { userId: member.id });
    const reply = (text: string) =>
      ops(t.app, 'POST', `/api/ops/chat/conversations/${id}/messages`, {
        message: { message_type: 'text', payload: { text } },
      });
    await reply('answer 1');
    await heard(s, 3);
    // The phone loses its connection; the operator goes on writing.
    const seen = new Map(s.chat.map((m) => [m.id, m]));
    s.socket.close();
    await reply('answer 2');
    await reply('answer 3');
    // Back: a new socket, joined again, then the history fills the gap (as the widget does on reconnect).
    s = await connectAs(t.app, authOf(member));
    await join_(s);
    const lastSeq = Math.max(...[...seen.values()].map((m) => m.seq));
    for (const m of await allMessages(t.app, member))
      if (!seen.has(m.id) && m.seq > lastSeq) seen.set(m.id, m);
    await reply('answer 4');
    for (const m of await heard(s, 1)) if (!seen.has(m.id)) seen.set(m.id, m);
    const shown = [...seen.values()].sort((a, b) => a.seq - b.seq);
    expect(shown.map(textOf)).toEqual([
      'my question',
      'quick_replies',
      'answer 1',
      'answer 2',
      'answer 3',
      'answer 4',
    ]);
    expect(shown.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

/** Redis when configured (TEST_REDIS_URL), or when one answers on the usual local port. */
async function redisUrl(): Promise<string | undefined> {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  const local = await new Promise<boolean>((resolve) => {
    const socket = tcpConnect(6379, '127.0.0.1');
    socket.setTimeout(500);
    socket.on('connect', () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
  return local ? 'redis://127.0.0.1:6379' : undefined;
}
const redis = onPostgres ? await redisUrl() : undefined;

// Two server instances on one PostgreSQL and one Redis, as behind a load balancer.
describe.runIf(onPostgres && redis)('chat across instances', () => {
  it('[CHAT-3] an operator reply through one instance reaches the member on the other; a message through either is listed once', async () => {
    const a = await instanceOn();
    const b = await instanceOn();
    try {
      const member = await registerAndLogin(a.app);
      const onB = await connectAs(b.app, authOf(member));
      expect(await join_(onB)).toEqual({ ok: true, room: `krapao-${member.id}`, lastSeq: 0 });
      // Through A: the member's message and the greeting reach the socket on B through Redis.
      await sendText(a.app, member, 'sent through A');
      await heard(onB, 2);
      await sendText(b.app, member, 'sent through B');
      await heard(onB, 3);
      const id = await conversationIdOf(a.app, { userId: member.id });
      const replied = await ops(a.app, 'POST', `/api/ops/chat/conversations/${id}/messages`, {
        message: { message_type: 'text', payload: { text: 'operator via A' } },
      });
      expect(replied.status).toBe(200);
      const got = await heard(onB, 4);
      expect(got.map(textOf)).toEqual([
        'sent through A',
        'quick_replies',
        'sent through B',
        'operator via A',
      ]);

      // The operator's list, read through either instance, has the conversation once with both messages.
      for (const app of [a.app, b.app]) {
        const list = (await ops(app, 'GET', '/api/ops/chat/conversations')).body as unknown as Array<{
          id: string;
          userId: string;
          unread: number;
        }>;
        expect(list.filter((c) => c.userId === member.id)).toEqual([
          expect.objectContaining({ id, unread: 2 }),
        ]);
      }
      const opened = await ops(b.app, 'GET', `/api/ops/chat/conversations/${id}`);
      const customer = (opened.body.messages as ChatMessage[]).filter((m) => m.sender === 'customer');
      expect(customer.map(textOf)).toEqual(['sent through A', 'sent through B']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

/** Another instance of the test app's deployment: its database and Redis prefix, with the Redis adapter. */
async function instanceOn() {
  const db = await connect({ databaseUrl: t.databaseUrl });
  const config = loadConfig({
    SIMULATE: '1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MIN: '100000',
    REALTIME_HANDSHAKES_PER_MIN: '100000',
    REDIS_URL: redis,
    REDIS_PREFIX: t.redisPrefix,
    OPS_TOKEN,
    CHAT_STORAGE_DIR: chatDir,
  });
  const app = await buildApp({ config, db, clock: t.clock, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
