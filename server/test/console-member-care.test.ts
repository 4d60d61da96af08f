// The console's member page: what staff see of a member (statement, sign-ins, notes) and what they do for
// one (end sessions, start a password reset the member finishes), each held to the role table and audited.
import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { MEMBER_NOTE_MAX_LENGTH } from '@krapao/contract';
import { allMessages, sendText } from './chat-helpers.ts';
import { stepAt, totpCode } from '../src/modules/staff/totp.ts';
import { consoleCall, newStaff } from './console-helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer, simBalance, slotAmount } from './games-helpers.ts';
import { openGame, rig, SEVENS, spinMany } from './games-play.ts';
import { createQr } from './qr-gateway.ts';
import {
  bankTransfer,
  baseUrl,
  call,
  expectError,
  login,
  registerAndLogin,
  setOwnLimits,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';

const OPS_TOKEN = 'operator-token-for-member-care-tests';
const t = useTestApp({ OPS_TOKEN, ...GAME_TEST_ENV });
const con = (method: string, url: string, token?: string, body?: unknown) =>
  consoleCall(t.app, method, url, token, body);
const staff = (role: Parameters<typeof newStaff>[2]) => newStaff(t, OPS_TOKEN, role);

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** The member's audit rows of one action, newest first, as an admin reads them. */
async function auditOf(admin: { token: string }, memberId: string, action: string) {
  const rows = await con(
    'GET',
    `/api/console/audit?memberId=${memberId}&action=${encodeURIComponent(action)}`,
    admin.token,
  );
  expect(rows.status).toBe(200);
  return rows.body.items as Array<{ actor: string; after: Record<string, unknown> }>;
}

describe('console: a member page [console]', () => {
  it('[console] the statement as the member sees it, of one type, paged; bad filters are refused', async () => {
    const support = await staff('support');
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 250);
    expect((await withdraw(t.app, m.token, 100)).status).toBe(200);
    const mine = await call(t.app, 'POST', '/api/statement', { token: m.token, body: { page: 1 } });
    const all = await con('GET', `/api/console/members/${m.id}/statement`, support.token);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(mine.body.total);
    // The same entries (a payout may settle between the two reads, so not their status).
    const entries = (b: Record<string, unknown>) =>
      (b.statements as { _id: string; amount: number }[]).map((s) => [s._id, s.amount]);
    expect(entries(all.body)).toEqual(entries(mine.body));
    expect((all.body.statements as { statementType: string }[]).map((s) => s.statementType)).toEqual([
      'withdraw',
      'deposit',
    ]);
    const withdrawals = await con(
      'GET',
      `/api/console/members/${m.id}/statement?type=withdraw`,
      support.token,
    );
    expect(withdrawals.body).toMatchObject({
      total: 1,
      statements: [{ statementType: 'withdraw', amount: 100 }],
    });
    const later = await con('GET', `/api/console/members/${m.id}/statement?page=2`, support.token);
    expect(later.body).toMatchObject({ total: 2, statements: [] });
    for (const q of ['page=0', 'type=casino', 'from=2026-02-30', 'from=2026-05-02&to=2026-05-01'])
      expect([
        q,
        (await con('GET', `/api/console/members/${m.id}/statement?${q}`, support.token)).status,
      ]).toEqual([q, 400]);
    expectError(await con('GET', '/api/console/members/NOSUCH/statement', support.token), 404, 'NO_USER');
    // Their chat: none until they write, then the conversation the chat console opens.
    expect((await con('GET', `/api/console/members/${m.id}`, support.token)).body.chatId).toBeNull();
    expect((await sendText(t.app, { token: m.token }, 'where is my withdrawal?')).status).toBe(200);
    const chatId = (await con('GET', `/api/console/members/${m.id}`, support.token)).body.chatId as string;
    const thread = await con('GET', `/api/console/chats/${chatId}`, support.token);
    expect(thread.body.member).toMatchObject({ memberId: m.id });
  });

  it('[console] sign-ins with their whole address; ending the sessions logs the member out everywhere, audited', async () => {
    const [support, admin] = [await staff('support'), await staff('admin')];
    const m = await registerAndLogin(t.app);
    const phone = await call(t.app, 'POST', '/api/login', {
      body: { username: m.reg.username, password: m.reg.password },
      headers: { 'user-agent': PHONE_UA },
      remoteAddress: '203.0.113.57',
    });
    const seen = await con('GET', `/api/console/members/${m.id}/sign-ins`, support.token);
    expect(seen.body.liveSessions).toBe(2);
    expect((seen.body.items as unknown[])[0]).toMatchObject({
      browser: 'Chrome',
      os: 'Android',
      ip: '203.0.113.57',
      userAgent: PHONE_UA,
      active: true,
    });

    expectError(
      await con('POST', `/api/console/members/${m.id}/sessions/end`, support.token, { reason: ' ' }),
      400,
      'INVALID_REQUEST',
    );
    const ended = await con('POST', `/api/console/members/${m.id}/sessions/end`, support.token, {
      reason: 'Phone reported stolen',
    });
    expect(ended.body).toEqual({ ended: 2 });
    for (const token of [m.token, phone.body.token as string])
      expectError(await call(t.app, 'GET', '/api/account/profile', { token }), 401, 'invalid-token');
    const after = await con('GET', `/api/console/members/${m.id}/sign-ins`, support.token);
    expect(after.body.liveSessions).toBe(0);
    expect((after.body.items as { active: boolean }[]).every((i) => !i.active)).toBe(true);
    expect(await auditOf(admin, m.id, 'member.sessions-end')).toMatchObject([
      { actor: support.username, after: { ended: 2, reason: 'Phone reported stolen' } },
    ]);
    // The member signs in again as before.
    expect(await login(t.app, m.reg.username, m.reg.password)).toEqual(expect.any(String));
    // Finance reads members but does not end their sessions.
    const finance = await staff('finance');
    expectError(
      await con('POST', `/api/console/members/${m.id}/sessions/end`, finance.token, { reason: 'x' }),
      403,
      'FORBIDDEN',
    );
  });

  it('[console] a password reset sends the member a code staff never see; the member sets a new password with it', async () => {
    const [support, admin] = [await staff('support'), await staff('admin')];
    const m = await registerAndLogin(t.app);
    const phone = m.reg.username;
    const sent = await con('POST', `/api/console/members/${m.id}/password-reset`, support.token, {
      reason: 'Member called: forgot password',
    });
    expect(sent.status).toBe(200);
    expect(Object.keys(sent.body).sort()).toEqual(['expiresAt', 'sentTo']);
    expect(sent.body.sentTo).toBe(`${phone.slice(0, 3)}-•••-${phone.slice(6)}`);
    expect(JSON.stringify(sent.body)).not.toMatch(/\d{6}/);

    const inbox = (await (await fetch(`${baseUrl(t.app)}/sim/sms/inbox?phone=${phone}`)).json()) as {
      text: string;
    }[];
    const sms = inbox.find((x) => x.text.includes('/forgot-password?'))!.text;
    const code = /\b(\d{6})\b/.exec(sms)![1]!;
    const otpToken = decodeURIComponent(/[?&]token=([^&\s]+)/.exec(sms)![1]!);
    const reset = await call(t.app, 'POST', '/api/account/reset', {
      body: { otpToken, otpCode: code, newPassword: 'a fresh start 42' },
    });
    expect(reset).toEqual({ status: 200, body: { ok: true } });
    expectError(await call(t.app, 'GET', '/api/account/profile', { token: m.token }), 401, 'invalid-token');
    expect(await login(t.app, phone, 'a fresh start 42')).toEqual(expect.any(String));

    // Once a minute, as the member's own request; a refused send leaves no audit row.
    expectError(
      await con('POST', `/api/console/members/${m.id}/password-reset`, support.token, { reason: 'again' }),
      429,
      'REQUEST_LIMIT_1MIN',
    );
    expect(await auditOf(admin, m.id, 'member.password-reset')).toMatchObject([
      {
        actor: support.username,
        after: { sentTo: sent.body.sentTo, reason: 'Member called: forgot password' },
      },
    ]);
    const risk = await staff('risk');
    expectError(
      await con('POST', `/api/console/members/${m.id}/password-reset`, risk.token, { reason: 'x' }),
      403,
      'FORBIDDEN',
    );
  });

  it('[console] staff notes: newest first with their author, never shown to the member; empty or long ones refused', async () => {
    const [support, auditor, admin] = [await staff('support'), await staff('auditor'), await staff('admin')];
    const m = await registerAndLogin(t.app);
    const url = `/api/console/members/${m.id}/notes`;
    expect((await con('GET', url, support.token)).body).toEqual({ items: [] });
    const first = await con('POST', url, support.token, { text: 'Called about a late deposit.' });
    expect(first.body).toMatchObject({ author: support.username, text: 'Called about a late deposit.' });
    t.clock.advance(60_000);
    await con('POST', url, admin.token, { text: '  Deposit found: credited by the feed.  ' });
    const read = await con('GET', url, auditor.token);
    expect((read.body.items as { author: string; text: string }[]).map((n) => [n.author, n.text])).toEqual([
      [admin.username, 'Deposit found: credited by the feed.'],
      [support.username, 'Called about a late deposit.'],
    ]);
    for (const text of ['', '   ', 'x'.repeat(MEMBER_NOTE_MAX_LENGTH + 1)])
      expectError(await con('POST', url, support.token, { text }), 400, 'INVALID_REQUEST');
    expectError(await con('POST', url, auditor.token, { text: 'auditors change nothing' }), 403, 'FORBIDDEN');
    expect((await con('GET', url, support.token)).body.items).toHaveLength(2);
    expect(await auditOf(admin, m.id, 'member.note')).toHaveLength(2);
    // Nothing of them in the member's own answers.
    const own = await call(t.app, 'GET', '/api/wallet', { token: m.token });
    expect(JSON.stringify(own.body)).not.toContain('late deposit');
  });

  it("[console] [ST-2] a staff credit and debit are lines of the member's statement and its export, signed by type", async () => {
    const [maker, checker, support] = [await staff('finance'), await staff('admin'), await staff('support')];
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1_000);
    for (const amount of [250.5, -100]) {
      const asked = await con('POST', '/api/console/adjustments', maker.token, {
        phone: m.reg.username,
        amount,
        reason: 'correction',
      });
      expect(asked.status).toBe(200);
      t.clock.advance(1_000);
      const approved = await con(
        'POST',
        `/api/console/approvals/${asked.body.id}/approve`,
        checker.token,
        {},
      );
      expect(approved.status).toBe(200);
      t.clock.advance(1_000);
    }
    const own = await call(t.app, 'POST', '/api/statement', { token: m.token, body: { page: 1 } });
    const lines = (own.body.statements as { statementType: string; channel: string; amount: number }[]).map(
      (s) => [s.statementType, s.channel, s.amount],
    );
    expect(lines).toEqual([
      ['withdraw', 'ADJUSTMENT', 100],
      ['deposit', 'ADJUSTMENT', 250.5],
      ['deposit', 'BANK', 1_000],
    ]);
    // What the lines add up to is the wallet.
    expect(await walletAmount(t.app, m.token)).toBe(1_150.5);
    const credits = await con('GET', `/api/console/members/${m.id}/statement?type=deposit`, support.token);
    expect(credits.body.total).toBe(2);
    const day = t.clock.now().toISOString().slice(0, 10);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/statement/export?from=${day}&to=${day}&lang=en`,
      headers: { authorization: `Bearer ${m.token}`, 'x-requested-with': 'wallet-user' },
    });
    // The export's amounts add up to the wallet too: the debit is negative.
    expect(csv.body).toContain('"Withdrawal","Balance correction by our staff","Successful","-100.00"');
    expect(csv.body).toContain('"Deposit","Balance correction by our staff","Successful","250.50"');
  });

  it('[console] [BAL-2] game balances: what the provider says after play beside what the ledger sent; a refresh asks again', async () => {
    const support = await staff('support');
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1_000);
    expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
    expect((await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 300 })).status).toBe(200);
    const game = await openGame(t.app, m.token, 'PG');
    // A jackpot line: the provider holds more than was sent in.
    await rig(t.app, 'PG', game.data!.username, [SEVENS]);
    await spinMany(t.app, game.data!.session, 1_000n, 1);
    const played = Number(await simBalance(t.app, 'PG', game.data!.username)) / 100;
    expect(played).toBeGreaterThan(300);

    const detail = await con('POST', `/api/console/members/${m.id}/balances/refresh`, support.token);
    expect(detail.status).toBe(200);
    expect(detail.body.wallet).toEqual({ balance: 700, currency: 'BAHT' });
    const pg = (detail.body.games as { provider: string }[]).find((g) => g.provider === 'PG');
    expect(pg).toMatchObject({ name: expect.any(String), balance: 300, reported: played, stale: false });
    // The member's own wallet reads the same figure.
    expect(await slotAmount(t.app, m.token, 'PG')).toBe(played);
    expectError(
      await con('POST', '/api/console/members/NOSUCH/balances/refresh', support.token),
      404,
      'NO_USER',
    );
  });

  it("[console] [SLIP-3] the member's slips as their own list shows them, each picture theirs only", async () => {
    const support = await staff('support');
    const [m, other] = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
    const picture = PNG.sync.write(new PNG({ width: 5, height: 5 }));
    const slipId = () => `SL${randomBytes(9).toString('hex').toUpperCase()}`;
    const [mine, theirs] = [slipId(), slipId()];
    for (const [id, phone] of [
      [mine, m.reg.username],
      [theirs, other.reg.username],
    ] as const)
      await t.db.query(
        `insert into slips (public_id, member_id, status, note, image, image_type, next_attempt_at, created_at, updated_at)
         values ($1, (select id from members where phone = $2), 'FAILED', 'CANNOT_READ_CROPPED_IMAGE', $3,
                 'image/png', $4, $4, $4)`,
        [id, phone, picture, t.clock.now()],
      );
    const own = await call(t.app, 'POST', '/api/statement/slip', { token: m.token, body: { page: 1 } });
    const seen = await con('GET', `/api/console/members/${m.id}/slips`, support.token);
    expect(seen.body).toEqual(own.body);
    expect(seen.body).toMatchObject({ total: 1, slips: [{ slipId: mine, status: 'FAILED' }] });
    const link = await con('GET', `/api/console/members/${m.id}/slips/${mine}/picture`, support.token);
    const image = await fetch(`${baseUrl(t.app)}${link.body.url as string}`);
    expect(Buffer.from(await image.arrayBuffer()).equals(picture)).toBe(true);
    // Another member's slip is not found through this member's page.
    expectError(
      await con('GET', `/api/console/members/${m.id}/slips/${theirs}/picture`, support.token),
      404,
      'NOT_FOUND',
    );
    expectError(
      await con('GET', `/api/console/members/${m.id}/slips?page=0`, support.token),
      400,
      'INVALID_REQUEST',
    );
  });

  it("[console] [protection] staff read a member's limits and block; risk places a time-out or self-exclusion, never shorter, audited, with a fresh code", async () => {
    const [support, risk, admin] = [await staff('support'), await staff('risk'), await staff('admin')];
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 300);
    const limited = await setOwnLimits(t.app, m.token, { depositDay: 1_000, lossMonth: 500 });
    expect(limited.status).toBe(200);
    const url = `/api/console/members/${m.id}/protection`;
    const seen = await con('GET', url, support.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      currency: 'BAHT',
      limits: { depositDay: 1_000, depositWeek: null, lossMonth: 500 },
      used: { depositDay: 300 },
      depositLeft: 700,
      block: null,
      pending: null,
      byStaff: [],
    });
    expect(seen.body).not.toHaveProperty('session');

    const block = `/api/console/members/${m.id}/block`;
    const week = { kind: 'TIMEOUT', days: 7, reason: 'asked for a break on the phone' };
    // Support reads, but blocks nothing; a length the member's page does not offer is refused.
    expectError(await con('POST', block, support.token, week), 403, 'FORBIDDEN');
    expectError(await con('POST', block, risk.token, { ...week, days: 3 }), 400, 'INVALID_REQUEST');
    expectError(await con('POST', block, risk.token, { ...week, reason: ' ' }), 400, 'INVALID_REQUEST');
    // A block needs a TOTP code of the last five minutes: the sign-in's is older by now.
    t.clock.advance(6 * 60_000);
    expectError(await con('POST', block, risk.token, week), 401, 'STEP_UP_REQUIRED');
    expect((await con('GET', url, support.token)).body.block).toBeNull();
    const code = totpCode(risk.secret, stepAt(t.clock.now()));
    const placed = await con('POST', block, risk.token, { ...week, code });
    expect(placed.status).toBe(200);
    const until = Date.parse((placed.body.block as { until: string }).until);
    expect(placed.body.block).toMatchObject({ kind: 'TIMEOUT' });
    expect(until - t.clock.now().getTime()).toBe(7 * 24 * 3_600_000);
    // The member is on a break as if they had asked for it.
    expect((await call(t.app, 'GET', '/api/protection', { token: m.token })).body.block).toEqual(
      placed.body.block,
    );
    expect((await createQr(t, m.token, 'WW', 100)).body.message).toBe('SELF_EXCLUDED');
    // The member is told in their chat, under the staff member's name and in Thai (a baht member who has
    // not written yet), until when: never the reason, which is the audit's.
    const bangkok = new Date(until + 7 * 3_600_000).toISOString();
    const told = (await allMessages(t.app, { token: m.token })).filter((x) => x.sender === 'operator');
    expect(told.map((x) => [x.name, (x.message.payload as { text: string }).text])).toEqual([
      [
        risk.username,
        `เจ้าหน้าที่ได้เริ่มการพักเล่นให้บัญชีของคุณถึง ${bangkok.slice(0, 10)} ${bangkok.slice(11, 16)} ระหว่างนี้การฝากเงิน การเล่น และข้อเสนอต่าง ๆ จะปิดไว้ ส่วนการถอนเงินยังทำได้ตามปกติ หากมีคำถาม พิมพ์ถามได้ที่นี่`,
      ],
    ]);
    // A shorter one keeps the longer end; a self-exclusion replaces a break, and stays one.
    const day = await con('POST', block, risk.token, { kind: 'TIMEOUT', days: 1, reason: 'again' });
    expect(day.body.block).toEqual(placed.body.block);
    const excluded = await con('POST', block, risk.token, {
      kind: 'EXCLUSION',
      months: 6,
      reason: 'problem play seen',
    });
    expect(excluded.body.block).toMatchObject({ kind: 'EXCLUSION' });
    expect(Date.parse((excluded.body.block as { until: string }).until)).toBeGreaterThan(until);
    const rows = await auditOf(admin, m.id, 'member.block');
    expect(rows.map((r) => [r.actor, r.after])).toEqual([
      [risk.username, { kind: 'EXCLUSION', months: 6, reason: 'problem play seen' }],
      [risk.username, { kind: 'TIMEOUT', days: 1, reason: 'again' }],
      [risk.username, { kind: 'TIMEOUT', days: 7, reason: 'asked for a break on the phone' }],
    ]);
    expect(excluded.body.byStaff).toEqual([
      expect.objectContaining({
        action: 'block',
        kind: 'EXCLUSION',
        months: 6,
        by: risk.username,
      }),
      expect.objectContaining({ action: 'block', kind: 'TIMEOUT', days: 1, reason: 'again' }),
      expect.objectContaining({ action: 'block', kind: 'TIMEOUT', days: 7 }),
    ]);
    // A block's length is in its kind's unit alone.
    const [exclusion, timeout] = excluded.body.byStaff as Record<string, unknown>[];
    expect([Object.hasOwn(exclusion!, 'days'), Object.hasOwn(timeout!, 'months')]).toEqual([false, false]);
    expectError(
      await con('GET', `/api/console/members/M000000000/protection`, support.token),
      404,
      'NO_USER',
    );
  });

  it("[console] [protection] risk lowers a member's limit at once, never raises or removes one; a raise the member has waiting is dropped; audited, with a fresh code", async () => {
    const [support, risk, admin] = [await staff('support'), await staff('risk'), await staff('admin')];
    const m = await registerAndLogin(t.app);
    const setOwn = (depositDay: number) => setOwnLimits(t.app, m.token, { depositDay });
    expect((await setOwn(1_000)).status).toBe(200);
    // The member asks for more: it waits 24 hours.
    expect((await setOwn(5_000)).body.pending).not.toBeNull();

    const url = `/api/console/members/${m.id}/limits`;
    const ask = { limit: 'depositDay', amount: 300, reason: 'asked for less on the phone' };
    expectError(await con('POST', url, support.token, ask), 403, 'FORBIDDEN');
    for (const bad of [
      { ...ask, limit: 'depositYear' },
      { ...ask, amount: 0 },
      { ...ask, amount: 1.005 },
      { ...ask, amount: '300' },
      { ...ask, reason: ' ' },
      { ...ask, extra: true },
    ])
      expectError(await con('POST', url, risk.token, bad), 400, 'INVALID_REQUEST');
    t.clock.advance(6 * 60_000);
    expectError(await con('POST', url, risk.token, ask), 401, 'STEP_UP_REQUIRED');
    const code = totpCode(risk.secret, stepAt(t.clock.now()));
    // The same figure is not lower: refused, nothing changed.
    expectError(await con('POST', url, risk.token, { ...ask, amount: 1_000, code }), 409, 'LIMIT_NOT_LOWER');
    expectError(await con('POST', url, risk.token, { ...ask, amount: 2_000 }), 409, 'LIMIT_NOT_LOWER');
    const before = await call(t.app, 'GET', '/api/protection', { token: m.token });
    expect(before.body).toMatchObject({
      limits: { depositDay: 1_000 },
      pending: { limits: { depositDay: 5_000 } },
    });

    const lowered = await con('POST', url, risk.token, ask);
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({ limits: { depositDay: 300 }, pending: null, depositLeft: 300 });
    // A limit where none was set is lower too.
    const loss = await con('POST', url, risk.token, { limit: 'lossWeek', amount: 200, reason: 'chat' });
    expect(loss.body.limits).toMatchObject({ depositDay: 300, lossWeek: 200, depositWeek: null });
    // The member sees it as their own, and a deposit beyond it is refused.
    const mine = await call(t.app, 'GET', '/api/protection', { token: m.token });
    expect(mine.body).toMatchObject({ limits: { depositDay: 300, lossWeek: 200 }, pending: null });
    const qr = await createQr(t, m.token, 'WW', 400);
    expect(qr.body).toMatchObject({ message: 'DEPOSIT_LIMIT', left: 300 });

    const rows = await auditOf(admin, m.id, 'member.limit');
    expect(rows.map((r) => [r.actor, r.after])).toEqual([
      [risk.username, { limit: 'lossWeek', amount: 200, reason: 'chat' }],
      [risk.username, { limit: 'depositDay', amount: 300, reason: 'asked for less on the phone' }],
    ]);
    // Whoever answers the member next reads who set what, and why.
    const seen = await con('GET', `/api/console/members/${m.id}/protection`, support.token);
    expect(seen.body.byStaff).toEqual([
      {
        action: 'limit',
        at: expect.any(String),
        by: risk.username,
        limit: 'lossWeek',
        amount: 200,
        reason: 'chat',
      },
      {
        action: 'limit',
        at: expect.any(String),
        by: risk.username,
        limit: 'depositDay',
        amount: 300,
        reason: 'asked for less on the phone',
      },
    ]);
    // Told in their chat, in the language they last wrote in.
    await sendText(t.app, { token: m.token }, 'why can I not deposit more?');
    await con('POST', url, risk.token, { limit: 'depositWeek', amount: 1_500, reason: 'chat' });
    const told = (await allMessages(t.app, { token: m.token }))
      .filter((x) => x.sender === 'operator')
      .map((x) => (x.message.payload as { text: string }).text);
    expect(told).toEqual([
      'เจ้าหน้าที่ได้ตั้งวงเงินฝากต่อวันของคุณเป็น 300 บาท มีผลทันที คุณลดวงเงินลงได้อีกที่หน้าวงเงินของคุณ หากมีคำถาม พิมพ์ถามได้ที่นี่',
      'เจ้าหน้าที่ได้ตั้งวงเงินเสียต่อสัปดาห์ของคุณเป็น 200 บาท มีผลทันที คุณลดวงเงินลงได้อีกที่หน้าวงเงินของคุณ หากมีคำถาม พิมพ์ถามได้ที่นี่',
      'Our staff have set your weekly deposit limit to 1,500 THB; it applies now. You can lower it further on your limits page. If you have questions, write to us here.',
    ]);
    expectError(await con('POST', '/api/console/members/M000000000/limits', risk.token, ask), 404, 'NO_USER');
  });
});
