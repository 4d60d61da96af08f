// The chat over HTTP: identity (CHAT-7), messages and their checks (CHAT-4), history paging
// (CHAT-2), read state (CHAT-6), the automatic greeting and its answers from the member's own data, and
// the operator's API.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@krapao/contract';
import { BOT_TEXTS } from '../src/modules/chat/bot-texts.ts';
import { guestToken } from '../src/modules/chat/guest.ts';
import {
  allMessages,
  conversationIdOf,
  history,
  newGuest,
  OPS_TOKEN,
  ops,
  send,
  sendText,
} from './chat-helpers.ts';
import { bankTransfer, call, expectError, registerAndLogin, useTestApp } from './helpers.ts';

const chatDir = mkdtempSync(join(tmpdir(), 'krapao-chat-'));
afterAll(() => rmSync(chatDir, { recursive: true, force: true }));
const t = useTestApp({ OPS_TOKEN, CHAT_STORAGE_DIR: chatDir });

const texts = (messages: ChatMessage[]) =>
  messages.map((m) => (m.message.message_type === 'text' ? m.message.payload.text : m.message.message_type));

describe('chat identity', () => {
  it('[CHAT-7] a visitor gets a guest id and a signed token; a valid token is answered as it is', async () => {
    const g = await newGuest(t.app);
    expect(g.guestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(g.guestToken.startsWith(`${g.guestId}.`)).toBe(true);
    const again = await call(t.app, 'POST', '/api/chat/guest', { body: { guestToken: g.guestToken } });
    expect(again.body).toEqual(g);
    const config = await call(t.app, 'GET', '/api/chat/config');
    expect(config.body).toEqual({ PREFIX: 'krapao', enabled: true });
  });

  it('[CHAT-7] a guest token cannot be forged: another id, a changed signature, another secret', async () => {
    const g = await newGuest(t.app);
    const victim = await newGuest(t.app);
    expect((await sendText(t.app, victim, 'mine')).status).toBe(200);
    const [sig] = g.guestToken.split('.').slice(1);
    const forgeries = [
      `${victim.guestId}.${sig}`, // my signature on their id
      `${victim.guestId}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`,
      guestToken('a'.repeat(64), victim.guestId), // signed under a guessed secret
      victim.guestId,
      '',
    ];
    for (const forged of forgeries) {
      expectError(await sendText(t.app, { guestToken: forged }, 'hi'), 401, 'CHAT_GUEST_INVALID');
      expectError(await history(t.app, { guestToken: forged }), 401, 'CHAT_GUEST_INVALID');
      // The guest call does not bless a forged token: it makes a new guest.
      const fresh = await call(t.app, 'POST', '/api/chat/guest', { body: { guestToken: forged } });
      expect(fresh.body.guestId).not.toBe(victim.guestId);
    }
    expect(texts(await allMessages(t.app, victim))[0]).toBe('mine');
    expect(await allMessages(t.app, g)).toEqual([]);
  });

  it('[CHAT-7] a member or guest cannot read, post or mark read in another conversation', async () => {
    const alice = await registerAndLogin(t.app);
    const bob = await registerAndLogin(t.app);
    const guest = await newGuest(t.app);
    await sendText(t.app, alice, 'alice private');
    await sendText(t.app, guest, 'guest private');

    // Bob names Alice's conversation (or the guest's) in the body: refused, whatever he sends.
    expectError(await history(t.app, bob, { userId: alice.id }), 403, 'CHAT_FORBIDDEN');
    expectError(await history(t.app, bob, { guestId: guest.guestId }), 403, 'CHAT_FORBIDDEN');
    expectError(await history(t.app, guest, { userId: alice.id }), 403, 'CHAT_FORBIDDEN');
    const other = await newGuest(t.app);
    expectError(await history(t.app, other, { guestId: guest.guestId }), 403, 'CHAT_FORBIDDEN');
    expectError(
      await call(t.app, 'PUT', '/api/chat/read-customer/', { token: bob.token, body: { userId: alice.id } }),
      403,
      'CHAT_FORBIDDEN',
    );
    // His own ids are fine, and he sees only his own conversation; what he sends lands there.
    expect((await history(t.app, bob, { userId: bob.id })).body).toEqual({ total: 0, messages: [] });
    await sendText(t.app, bob, 'bob here');
    const bobs = await allMessages(t.app, bob);
    expect(bobs.every((m) => m.userId === bob.id)).toBe(true);
    expect(texts(bobs)).not.toContain('alice private');
    expect(texts(await allMessages(t.app, alice))).not.toContain('bob here');
    // No identity at all, or a bad session: refused.
    expectError(
      await call(t.app, 'POST', '/api/chat/history', { body: { limit: 10, skip: 0 } }),
      401,
      'CHAT_GUEST_INVALID',
    );
    expectError(await sendText(t.app, { token: 'x'.repeat(43) }, 'hi'), 401, 'invalid-token');
  });
});

describe('chat messages', () => {
  it('[CHAT-4] text is trimmed and kept as text: HTML and script come back as the same characters', async () => {
    const m = await registerAndLogin(t.app);
    const html = '<img src=x onerror="alert(1)"><script>alert("x")</script> & <b>bold</b>';
    const sent = await sendText(t.app, m, `   ${html}\n `);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      sender: 'customer',
      userId: m.id,
      guestId: null,
      message: { message_type: 'text', payload: { text: html } },
      readAt: null,
    });
    const [row] = await t.db.query<{ payload: { text: string } }>(
      'select payload from chat_messages where id = $1',
      [sent.body.id],
    );
    expect(row!.payload.text).toBe(html);
    expect(texts(await allMessages(t.app, m))).toContain(html);
  });

  it('[CHAT-4] empty, too long or malformed messages are refused with a code and nothing is stored', async () => {
    const m = await registerAndLogin(t.app);
    const count = async () =>
      Number((await t.db.query<{ n: string }>('select count(*) as n from chat_messages'))[0]!.n);
    const before = await count();
    expectError(await sendText(t.app, m, '   \n\t '), 400, 'CHAT_TEXT_EMPTY');
    expectError(await sendText(t.app, m, 'ก'.repeat(2001)), 400, 'CHAT_TEXT_TOO_LONG');
    expectError(await sendText(t.app, m, 'a\u0000b'), 400, 'INVALID_REQUEST');
    expectError(
      await send(t.app, m, { message_type: 'buttons', payload: { text: 'x', buttons: [] } }),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await send(t.app, m, { message_type: 'text', payload: { text: 'x' } }, 'not-a-uuid'),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await send(t.app, m, {
        message_type: 'media',
        payload: { fileType: 'image', filePath: '/api/chat/files/../../etc/passwd' },
      }),
      400,
      'CHAT_FILE_UNKNOWN',
    );
    expect(await count()).toBe(before);
    expect((await history(t.app, m)).body).toEqual({ total: 0, messages: [] });
    // 2000 characters after trimming is the limit itself.
    expect((await sendText(t.app, m, ` ${'ก'.repeat(2000)} `)).status).toBe(200);
  });

  it('[CHAT-4] the same clientId sent twice is stored once and answered with the same message', async () => {
    const m = await registerAndLogin(t.app);
    const clientId = randomUUID();
    const first = await sendText(t.app, m, 'once', clientId);
    const again = await sendText(t.app, m, 'once', clientId);
    expect(again.body).toEqual(first.body);
    expect(first.body.clientId).toBe(clientId);
    const mine = (await allMessages(t.app, m)).filter((x) => x.sender === 'customer');
    expect(mine).toHaveLength(1);
    // Concurrent retries too.
    const id2 = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => sendText(t.app, m, 'twice?', id2)));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await allMessages(t.app, m)).filter((x) => x.clientId === id2)).toHaveLength(1);
  });

  it('[CHAT-4] sends are limited per conversation: REQUEST_LIMIT_1MIN with Retry-After', async () => {
    const g = await newGuest(t.app);
    for (let i = 0; i < 30; i++) expect((await sendText(t.app, g, `m${i}`)).status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-message',
      headers: { 'x-chat-guest': g.guestToken },
      payload: {
        clientId: randomUUID(),
        message: { message_type: 'text', payload: { text: 'one too many' } },
      },
    });
    expect(res.statusCode).toBe(429);
    expect(JSON.parse(res.body)).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    expect(res.headers['retry-after']).toBeDefined();
    t.clock.advance(61_000);
    expect((await sendText(t.app, g, 'later')).status).toBe(200);
  });

  it('[CHAT-2] history: 10 at a time, skip 10 for the ten before, each page in chronological order', async () => {
    const g = await newGuest(t.app);
    for (let i = 1; i <= 24; i++) await sendText(t.app, g, `n${i}`);
    t.clock.advance(61_000);
    // 24 messages and the greeting after the first: 25 in all.
    const page = async (skip: number) => {
      const res = await history(t.app, g, { skip, guestId: g.guestId });
      expect(res.body.total).toBe(25);
      return res.body.messages as ChatMessage[];
    };
    const newest = await page(0);
    expect(texts(newest)).toEqual(Array.from({ length: 10 }, (_, i) => `n${i + 15}`));
    const before = await page(10);
    expect(texts(before)).toEqual(Array.from({ length: 10 }, (_, i) => `n${i + 5}`));
    const oldest = await page(20);
    expect(texts(oldest)).toEqual(['n1', 'quick_replies', 'n2', 'n3', 'n4']);
    const seqs = [...oldest, ...before, ...newest].map((m) => m.seq);
    expect(seqs).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await page(30)).toEqual([]);
  });
});

describe('chat greeting and answers', () => {
  it('[CHAT-4] the first message gets a greeting with quick replies; a postback is answered from the member’s deposits', async () => {
    const m = await registerAndLogin(t.app);
    await sendText(t.app, m, 'hello');
    await sendText(t.app, m, 'anyone?');
    const [, greeting, second] = await allMessages(t.app, m);
    expect(greeting).toMatchObject({ sender: 'bot', message: { message_type: 'quick_replies' } });
    expect(second).toMatchObject({ sender: 'customer' });
    const replies = (greeting!.message.payload as { replies: Array<{ payload: string }> }).replies;
    expect(replies.map((r) => r.payload)).toEqual([
      'HELP_DEPOSIT',
      'HELP_WITHDRAWAL',
      'HELP_PASSWORD',
      'HELP_OPERATOR',
    ]);
    // Thai by default for a baht member; the greeting is sent once.
    expect((greeting!.message.payload as { text: string }).text).toBe(BOT_TEXTS.greeting.th);
    expect((await allMessages(t.app, m)).filter((x) => x.sender === 'bot')).toHaveLength(1);

    const ask = (payload: string, extra: Record<string, unknown> = {}) =>
      send(t.app, m, { message_type: 'postback', payload: { title: payload, payload } }, randomUUID(), extra);
    const lastBot = async () => (await allMessages(t.app, m)).filter((x) => x.sender === 'bot').at(-1)!;
    await ask('HELP_DEPOSIT', { locale: 'en' });
    expect(await lastBot()).toMatchObject({
      message: { message_type: 'buttons', payload: { text: BOT_TEXTS.depositNone.en } },
    });

    await bankTransfer(t.app, m.reg, 1500);
    await ask('HELP_DEPOSIT', { locale: 'en' });
    const credited = (await lastBot()).message.payload as { text: string; buttons: unknown[] };
    expect(credited.text).toMatch(/^Your last deposit, 1,500 THB \(2026-11-21 \d\d:\d\d\), was credited/);
    expect(credited.buttons).toEqual([
      { type: 'postback', title: 'Talk to an operator', payload: 'HELP_OPERATOR' },
    ]);

    // Lao, asked through Accept-Language.
    const res = await call(t.app, 'POST', '/api/chat/send-message', {
      token: m.token,
      headers: { 'accept-language': 'lo-LA,lo;q=0.9' },
      body: {
        clientId: randomUUID(),
        message: { message_type: 'postback', payload: { title: 'w', payload: 'HELP_WITHDRAWAL' } },
      },
    });
    expect(res.status).toBe(200);
    expect((await lastBot()).message.payload).toMatchObject({ text: BOT_TEXTS.withdrawalNone.la });
  });

  it('[CHAT-4] the pending withdrawal is told; a visitor is asked to log in', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1000);
    await t.db.query(
      `insert into withdrawals (public_id, member_id, amount, status, bank_code, bank_account_no, bank_account_name)
       select 'WCHAT' || id, id, 40000, 'PENDING', bank_code, bank_account_no, bank_account_name from members where public_id = $1`,
      [m.id],
    );
    await send(
      t.app,
      m,
      { message_type: 'postback', payload: { title: 'w', payload: 'HELP_WITHDRAWAL' } },
      randomUUID(),
      {
        locale: 'th',
      },
    );
    const bots = (await allMessages(t.app, m)).filter((x) => x.sender === 'bot');
    expect((bots.at(-1)!.message.payload as { text: string }).text).toMatch(
      /^รายการถอนเงิน 400 บาท \(.*\) ของคุณกำลังดำเนินการ/,
    );

    const g = await newGuest(t.app);
    await send(
      t.app,
      g,
      { message_type: 'postback', payload: { title: 'd', payload: 'HELP_DEPOSIT' } },
      randomUUID(),
      {
        locale: 'en',
      },
    );
    const guestBots = (await allMessages(t.app, g)).filter((x) => x.sender === 'bot');
    // A postback first: answered, and no greeting after it.
    expect(guestBots).toHaveLength(1);
    expect(guestBots[0]!.message.payload).toMatchObject({ text: BOT_TEXTS.loginFirst.en });
  });
});

describe('chat read state and the operator', () => {
  it('[CHAT-6] the operator’s reply is unread until read-customer; the operator’s read marks the customer’s', async () => {
    const g = await newGuest(t.app);
    await sendText(t.app, g, 'question 1');
    await sendText(t.app, g, 'question 2');
    const id = await conversationIdOf(t.app, { guestId: g.guestId });
    const listed = (await ops(t.app, 'GET', '/api/ops/chat/conversations')).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(listed.find((c) => c.id === id)).toMatchObject({
      unread: 2,
      closed: false,
      guestId: g.guestId,
      userId: null,
    });

    const reply = await ops(t.app, 'POST', `/api/ops/chat/conversations/${id}/messages`, {
      message: {
        message_type: 'buttons',
        payload: { text: 'See', buttons: [{ type: 'web', title: 'Deposit', url: '/user/deposit' }] },
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      sender: 'operator',
      name: 'operator',
      readAt: null,
      guestId: g.guestId,
    });

    const read = (body?: unknown) =>
      call(t.app, 'PUT', '/api/chat/read-customer/', {
        headers: { 'x-chat-guest': g.guestToken },
        body: body ?? {},
      });
    expect((await read({ guestId: g.guestId })).body).toEqual({ read: 2 }); // the greeting and the reply
    expect((await read()).body).toEqual({ read: 0 });
    const mine = await allMessages(t.app, g);
    expect(mine.filter((m) => m.sender !== 'customer').every((m) => m.readAt)).toBe(true);
    expect(mine.filter((m) => m.sender === 'customer').every((m) => m.readAt === null)).toBe(true);

    const opened = await ops(t.app, 'GET', `/api/ops/chat/conversations/${id}?limit=2&skip=0`);
    expect(opened.status).toBe(200);
    expect(opened.body.total).toBe(4);
    expect((opened.body.messages as ChatMessage[]).map((m) => m.seq)).toEqual([3, 4]);
    expect((await allMessages(t.app, g)).every((m) => m.readAt)).toBe(true);
    const after = (await ops(t.app, 'GET', '/api/ops/chat/conversations')).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(after.find((c) => c.id === id)).toMatchObject({ unread: 0 });

    const closed = await ops(t.app, 'POST', `/api/ops/chat/conversations/${id}/close`);
    expect(closed.body).toMatchObject({ id, closed: true });
    await sendText(t.app, g, 'one more thing');
    const reopened = (await ops(t.app, 'GET', '/api/ops/chat/conversations')).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(reopened.find((c) => c.id === id)).toMatchObject({ closed: false, unread: 1 });

    const audit = await ops(t.app, 'GET', '/api/ops/actions');
    const actions = (audit.body as unknown as Array<{ action: string; target: string }>).filter(
      (a) => a.target === id,
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['chat.reply', 'chat.read', 'chat.close']),
    );
  });

  it('[CHAT-4] the operator API needs the operator token and checks what it sends', async () => {
    expectError(await call(t.app, 'GET', '/api/ops/chat/conversations'), 401, 'UNAUTHORIZED');
    const m = await registerAndLogin(t.app);
    expectError(
      await call(t.app, 'GET', '/api/ops/chat/conversations', { token: m.token }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await ops(t.app, 'GET', '/api/ops/chat/conversations/999999'), 404, 'NOT_FOUND');
    expectError(await ops(t.app, 'GET', '/api/ops/chat/conversations/abc'), 404, 'NOT_FOUND');
    await sendText(t.app, m, 'hi');
    const id = await conversationIdOf(t.app, { userId: m.id });
    expectError(
      await ops(t.app, 'POST', `/api/ops/chat/conversations/${id}/messages`, {
        message: { message_type: 'text', payload: {} },
      }),
      400,
      'INVALID_REQUEST',
    );
  });
});
