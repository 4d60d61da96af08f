// The console's live queues and chat console (modules/queues, deposits/withdrawals/games/chat console.ts):
// the tiles' figures against the rows, the bank-line match credited once, the staff socket's nudge, and a
// reply that reaches the member's socket. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as openSocket, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import {
  QUEUES_CHANGED_EVENT,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type ChatMessage,
  type QueueTile,
  type StaffRole,
} from '@krapao/contract';
import { stepAt, totpCode } from '../src/modules/staff/totp.ts';
import { PNG } from 'pngjs';
import { multipart, sendText } from './chat-helpers.ts';
import { activate, gameTransfer } from './games-helpers.ts';
import { LOSING, openGame, rig, spinMany, sum } from './games-play.ts';
import { consoleCall, newStaff, type ConsoleStaff } from './console-helpers.ts';
import {
  bankTransfer,
  baseUrl,
  call,
  eventually,
  expectError,
  expectLedgerSound,
  newKey,
  registerAndLogin,
  useTestApp,
  walletAmount,
  withdraw,
  withdrawalStatus,
} from './helpers.ts';

const OPS_TOKEN = 'operator-token-for-queue-tests';
const chatDir = mkdtempSync(join(tmpdir(), 'krapao-queues-'));
afterAll(() => rmSync(chatDir, { recursive: true, force: true }));
const t = useTestApp({ OPS_TOKEN, CHAT_STORAGE_DIR: chatDir });

const con = (method: string, url: string, token?: string, body?: unknown) =>
  consoleCall(t.app, method, url, token, body);
type Staff = ConsoleStaff;
const codeOf = (s: Staff) => totpCode(s.secret, stepAt(t.clock.now()));
/** A staff member made with `npm run ops -- staff-add`, signed in, password changed. */
const staff = (role: StaffRole) => newStaff(t, OPS_TOKEN, role);

const tileOf = (tiles: QueueTile[], queue: string) => tiles.find((x) => x.queue === queue)!;
const sumOf = (tile: QueueTile, currency = 'BAHT') =>
  tile.sums.find((s) => s.currency === currency)?.amount ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

/** A transfer into the operator's account from an account no member registered: the feed keeps it. */
async function unmatchedLine(amount: number) {
  const sent = await bankTransfer(
    t.app,
    { bankCode: 'KBANK', bankAccountNo: `77${Date.now() % 1e8}` },
    amount,
  );
  expect(sent.feed.results[0]?.outcome).toBe('UNMATCHED');
  return sent.reference;
}

const open: Socket[] = [];
afterAll(() => open.forEach((s) => s.close()));
function socketOf(auth: Record<string, unknown>) {
  const socket = openSocket(baseUrl(t.app), {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

/** Withdrawals above 10.00 THB (the setting is in minor units) wait for a second approval; then none do. */
const secondApprovalAbove10Baht = () =>
  t.db.query(
    `insert into settings (key, value) values ('console.approvalAboveMinor', '{"BAHT": 1000}')
     on conflict (key) do update set value = excluded.value`,
  );
const noSecondApproval = () => t.db.query(`delete from settings where key = 'console.approvalAboveMinor'`);

/**
 * Runs `fn` with withdrawals above 10.00 THB waiting for a second approval, so that one waits in the
 * queue for a person whatever the payout mode; the setting is put back after.
 */
async function withSecondApprovalAbove10Baht(fn: () => Promise<void>) {
  await secondApprovalAbove10Baht();
  try {
    await fn();
  } finally {
    await noSecondApproval();
  }
}

describe('console queues [console]', () => {
  it('[console] the tiles count, sum and age what waits; the clock moves the age; each role sees its tiles', async () => {
    const admin = await staff('admin');
    const before = (await con('GET', '/api/console/queues', admin.token)).body.tiles as QueueTile[];
    expect(before.map((x) => x.queue)).toEqual([
      'bankLines',
      'withdrawals',
      'slips',
      'transfers',
      'qr',
      'chats',
    ]);

    const reference = await unmatchedLine(123.45);
    // A withdrawal above the four-eyes threshold waits for a person.
    await secondApprovalAbove10Baht();
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 500);
    const w = await withdraw(t.app, m.token, 160.5);
    expect(await withdrawalStatus(t.db, w.body.withdrawalId as string)).toBe('PENDING');
    await t.db.query(
      `insert into refused_qr_payments (provider, order_id, transaction_id, amount, paid_at, reason, member_id)
       values ('SIMQR', $1, $1, 7000, $2, 'EXPIRED', (select id from members where phone = $3))`,
      [`O${newKey()}`, t.clock.now(), m.reg.username],
    );
    await sendText(t.app, { token: m.token }, 'my deposit has not arrived');
    // Game transfers without the provider's answer: stuck after 10 minutes, not before. (Rows only: the
    // reconciler is kept away by next_check_at, and no money was posted for them.)
    for (const [ref, ageMin] of [
      [`STUCK${newKey()}`, 11],
      [`FRESH${newKey()}`, 2],
    ] as const)
      await t.db.query(
        `insert into game_transfers (reference, member_id, provider, direction, amount, status, from_account,
           to_account, next_check_at, created_at, updated_at)
         values ($1, (select id from members where phone = $2), (select code from game_providers limit 1), 'IN',
           4200, 'PENDING', 'wallet', 'game', '2100-01-01', $3, $3)`,
        [ref, m.reg.username, new Date(t.clock.now().getTime() - ageMin * 60_000)],
      );

    const after = (await con('GET', '/api/console/queues', admin.token)).body.tiles as QueueTile[];
    for (const [queue, n, sum] of [
      ['bankLines', 1, 123.45],
      ['withdrawals', 1, 160.5],
      ['qr', 1, 70],
      ['transfers', 1, 42],
      ['chats', 1, 0],
    ] as const) {
      expect([queue, tileOf(after, queue).count - tileOf(before, queue).count]).toEqual([queue, n]);
      if (queue !== 'chats')
        expect([queue, round(sumOf(tileOf(after, queue)) - sumOf(tileOf(before, queue)))]).toEqual([
          queue,
          sum,
        ]);
    }
    const [line] = await t.db.query<{ received_at: Date }>(
      'select received_at from bank_feed_items where reference = $1',
      [reference],
    );
    const ages = (await con('GET', '/api/console/queues', admin.token)).body.tiles as QueueTile[];
    t.clock.advance(10 * 60_000);
    const later = (await con('GET', '/api/console/queues', admin.token)).body.tiles as QueueTile[];
    for (const queue of ['bankLines', 'withdrawals', 'qr', 'chats', 'transfers'])
      expect([queue, tileOf(later, queue).oldestAgeS! - tileOf(ages, queue).oldestAgeS!]).toEqual([
        queue,
        600,
      ]);
    if (!before.find((x) => x.queue === 'bankLines')!.count)
      expect(tileOf(later, 'bankLines').oldestAt).toBe(line!.received_at.toISOString());

    // Each role, only the tiles it may read.
    const support = await staff('support');
    const tiles = (await con('GET', '/api/console/queues', support.token)).body.tiles as QueueTile[];
    expect(tiles.map((x) => x.queue)).toEqual(['chats']);
    expectError(await con('GET', '/api/console/queues/bank-lines', support.token), 403, 'FORBIDDEN');
    expectError(await con('GET', '/api/console/queues', m.token), 401, 'UNAUTHORIZED');
    await noSecondApproval();
    await t.db.query(`delete from game_transfers where next_check_at = '2100-01-01'`);
  });

  it('[console] matching a bank line: candidates by notice and account digits; two staff at once credit it once', async () => {
    const m = await registerAndLogin(t.app);
    const notice = await call(t.app, 'POST', '/api/wallet/add', {
      token: m.token,
      body: { amount: 302 },
      headers: { 'idempotency-key': newKey() },
    });
    expect(notice.status).toBe(200);
    const reference = await unmatchedLine(300);
    const [a, b] = [await staff('finance'), await staff('finance')];
    const queue = await con('GET', '/api/console/queues/bank-lines', a.token);
    const line = (
      queue.body.items as Array<{ reference: string; candidates: Array<Record<string, unknown>> }>
    ).find((l) => l.reference === reference)!;
    expect(line.candidates).toContainEqual(
      expect.objectContaining({ phone: m.reg.username, why: ['notice'], noticeId: notice.body.depositId }),
    );
    // Without a fresh TOTP code a money action is refused.
    t.clock.advance(6 * 60_000);
    expectError(
      await con('POST', `/api/console/queues/bank-lines/${reference}/match`, a.token, {
        phone: m.reg.username,
      }),
      401,
      'STEP_UP_REQUIRED',
    );
    const answers = await Promise.all(
      [a, b].map((s) =>
        con('POST', `/api/console/queues/bank-lines/${reference}/match`, s.token, {
          // As the console shows a phone: its member is found the same.
          phone: m.reg.username.replace(/^(\d{3})(\d{3})/, '$1-$2-'),
          noticeId: notice.body.depositId,
          code: codeOf(s),
        }),
      ),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([200, 404]);
    expect(await walletAmount(t.app, m.token)).toBe(300);
    const audit = await t.db.query<{
      actor: string;
      before: { outcome: string };
      after: { outcome: string };
    }>(`select actor, before, after from staff_audit where action = 'bank-line.match' and target = $1`, [
      reference,
    ]);
    expect(audit.length).toBe(1);
    expect(audit[0]).toMatchObject({ before: { outcome: 'UNMATCHED' }, after: { outcome: 'CREDITED' } });
    expect([a.username, b.username]).toContain(audit[0]!.actor);
    await expectLedgerSound(t.db);
  });

  it('[console] a rejected withdrawal returns the money and its reason reaches the member; the staff socket hears the change', async () => {
    await withSecondApprovalAbove10Baht(async () => {
      const finance = await staff('finance');
      const nudges: number[] = [];
      const staffSocket = await socketOf({ staffToken: finance.token });
      staffSocket.on(QUEUES_CHANGED_EVENT, () => nudges.push(1));
      await expect(socketOf({ staffToken: 'not-a-staff-token-at-all-000' })).rejects.toThrow('UNAUTHORIZED');

      const m = await registerAndLogin(t.app);
      await bankTransfer(t.app, m.reg, 200);
      const member = await socketOf({ token: m.token });
      const heard: ChatMessage[] = [];
      member.on(REALTIME_EVENTS.chatMessage, (msg: ChatMessage) => heard.push(msg));
      await new Promise((r) => member.emit(REALTIME_EVENTS.chatJoin, r));
      const w = await withdraw(t.app, m.token, 150);
      const id = w.body.withdrawalId as string;
      expect(
        await eventually(
          async () => nudges.length,
          (n) => n > 0,
        ),
      ).toBeGreaterThan(0);
      const listed = await con('GET', '/api/console/queues/withdrawals', finance.token);
      // Above the second-approval amount (10.00 THB here, so that it waits in the queue): approving it
      // would ask a second person; a rejection needs none.
      expect(
        (listed.body.items as Array<{ withdrawalId: string }>).find((x) => x.withdrawalId === id),
      ).toMatchObject({ approvalId: null, needsSecondApproval: true });

      const seen = nudges.length;
      const rejected = await con('POST', `/api/console/queues/withdrawals/${id}/reject`, finance.token, {
        reason: 'The account name does not match',
        code: codeOf(finance),
      });
      expect(rejected.body).toEqual({ withdrawalId: id, status: 'REJECTED' });
      expect(await walletAmount(t.app, m.token)).toBe(200);
      const got = await eventually(
        async () => heard,
        (h) => h.length > 0,
      );
      expect(got[0]).toMatchObject({
        sender: 'operator',
        name: finance.username,
        message: { message_type: 'text' },
      });
      // Which withdrawal, that the money is back, and why: in Thai, a baht member who has not written yet.
      expect((got[0]!.message.payload as { text: string }).text).toMatch(
        /^รายการถอนเงิน 150 บาท \(\d{4}-\d\d-\d\d \d\d:\d\d\) ของคุณไม่ได้รับการอนุมัติ และเงินได้คืนเข้ากระเป๋าเงินแล้ว เหตุผล: The account name does not match$/,
      );
      expect(
        await eventually(
          async () => nudges.length,
          (n) => n > seen,
        ),
      ).toBeGreaterThan(seen);
      expectError(
        await con('POST', `/api/console/queues/withdrawals/${id}/reject`, finance.token, { reason: 'again' }),
        409,
        'WITHDRAWAL_NOT_PENDING',
      );
      // A member who last wrote in English is told in English.
      expect((await sendText(t.app, { token: m.token }, 'Why was it stopped?')).status).toBe(200);
      const second = (await withdraw(t.app, m.token, 120.5)).body.withdrawalId as string;
      const before = heard.length;
      t.clock.advance(30_000); // a TOTP code counts once: the next one
      expect(
        (
          await con('POST', `/api/console/queues/withdrawals/${second}/reject`, finance.token, {
            reason: 'Please update your bank account first',
            code: codeOf(finance),
          })
        ).body,
      ).toEqual({ withdrawalId: second, status: 'REJECTED' });
      const told = await eventually(
        async () => heard.filter((x) => x.sender === 'operator').slice(1),
        (h) => h.length > 0,
      );
      expect(heard.length).toBeGreaterThan(before);
      expect((told[0]!.message.payload as { text: string }).text).toMatch(
        /^Your withdrawal of 120\.50 THB \(\d{4}-\d\d-\d\d \d\d:\d\d\) was not approved, and the money is back in your wallet\. Reason: Please update your bank account first$/,
      );
      expect(await walletAmount(t.app, m.token)).toBe(200);
      await expectLedgerSound(t.db);
    });
  });

  it('[console] a queued withdrawal shows the last deposit before it and the play since: stakes and result, none when taken out unplayed', async () => {
    await withSecondApprovalAbove10Baht(async () => {
      const finance = await staff('finance');
      const [player, unplayed] = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
      await bankTransfer(t.app, player.reg, 1_000);
      expect((await activate(t.app, player.token, 'PG')).status).toBe(200);
      expect(
        (await gameTransfer(t.app, player.token, { from: 'WALLET', to: 'PG', amount: 300 })).body,
      ).toMatchObject({ status: 'SUCCESS' });
      const game = await openGame(t.app, player.token, 'PG');
      await rig(t.app, 'PG', game.data!.username, [LOSING, LOSING, LOSING]);
      const rounds = await spinMany(t.app, game.data!.session, 1_000n, 3);
      expect(sum(rounds, 'betMinor') - sum(rounds, 'winMinor')).toBe(3_000n);
      await t.app.pullBets();
      const played = await withdraw(t.app, player.token, 200);

      // Two deposits, the later one taken out at once.
      await bankTransfer(t.app, unplayed.reg, 500);
      t.clock.advance(60_000);
      await bankTransfer(t.app, unplayed.reg, 300);
      const depositedAt = t.clock.now().toISOString();
      const taken = await withdraw(t.app, unplayed.token, 400);

      const listed = await con('GET', '/api/console/queues/withdrawals', finance.token);
      const row = (id: unknown) =>
        (listed.body.items as Array<{ withdrawalId: string }>).find((x) => x.withdrawalId === id);
      expect(row(played.body.withdrawalId)).toMatchObject({
        amount: 200,
        sinceDeposit: { amount: 1_000, bets: 30, net: -30 },
      });
      expect(row(taken.body.withdrawalId)).toMatchObject({
        amount: 400,
        sinceDeposit: { at: depositedAt, amount: 300, bets: 0, net: 0 },
      });
      // Above the second-approval amount: the person who decides the four-eyes request sees it too.
      const asked = await con(
        'POST',
        `/api/console/queues/withdrawals/${taken.body.withdrawalId as string}/approve`,
        finance.token,
        { code: totpCode(finance.secret, stepAt(t.clock.now())) },
      );
      expect(asked.body).toMatchObject({ status: 'AWAITING_APPROVAL' });
      const approvals = await con('GET', '/api/console/approvals', finance.token);
      const request = (
        approvals.body.items as Array<{ payload: { withdrawalId?: string }; subject: unknown }>
      ).find((a) => a.payload.withdrawalId === taken.body.withdrawalId);
      expect(request?.subject).toMatchObject({
        sinceDeposit: { at: depositedAt, amount: 300, bets: 0, net: 0 },
      });
    });
  });

  it('[console] [SLIP-4] a refused slip: staff see its picture, mark it handled once, and it leaves the queue and its tile', async () => {
    const [finance, auditor] = [await staff('finance'), await staff('auditor')];
    const m = await registerAndLogin(t.app);
    const picture = PNG.sync.write(new PNG({ width: 6, height: 4 }));
    const slip = (id: string, status: string) =>
      t.db.query(
        `insert into slips (public_id, member_id, status, note, image, image_type, next_attempt_at, created_at, updated_at)
         values ($1, (select id from members where phone = $2), $3, $4, $5, 'image/png', $6, $6, $6)`,
        [
          id,
          m.reg.username,
          status,
          status === 'FAILED' ? 'CANNOT_READ_CROPPED_IMAGE' : null,
          picture,
          t.clock.now(),
        ],
      );
    // The ids as uploads make them (SL and 18 hex digits).
    const slipId = () => `SL${randomBytes(9).toString('hex').toUpperCase()}`;
    const [refused, checking] = [slipId(), slipId()];
    await slip(refused, 'FAILED');
    await slip(checking, 'PROCESSING');
    const slipsTile = async () =>
      tileOf((await con('GET', '/api/console/queues', finance.token)).body.tiles as QueueTile[], 'slips')
        .count;
    const tileBefore = await slipsTile();
    const queued = (await con('GET', '/api/console/queues/slips', finance.token)).body.items as {
      slipId: string;
      hasPicture: boolean;
      reference: string | null;
    }[];
    expect(queued.find((x) => x.slipId === refused)).toMatchObject({ hasPicture: true, reference: null });

    // The picture, by a short-lived address a browser opens without a session.
    const link = await con('GET', `/api/console/queues/slips/${refused}/picture`, auditor.token);
    expect(link.status).toBe(200);
    const image = await fetch(`${baseUrl(t.app)}${link.body.url as string}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(picture)).toBe(true);

    // The auditor reads slips but decides nothing; a slip still being checked is not handled by hand.
    expectError(
      await con('POST', `/api/console/queues/slips/${refused}/handled`, auditor.token, {}),
      403,
      'FORBIDDEN',
    );
    expectError(
      await con('POST', `/api/console/queues/slips/${checking}/handled`, finance.token, {}),
      409,
      'ALREADY_DECIDED',
    );
    const handled = await con('POST', `/api/console/queues/slips/${refused}/handled`, finance.token, {
      reason: 'Credited from the bank line',
    });
    expect(handled.body).toEqual({ slipId: refused, handledBy: finance.username });
    expectError(
      await con('POST', `/api/console/queues/slips/${refused}/handled`, finance.token, {}),
      409,
      'ALREADY_DECIDED',
    );
    const left = (await con('GET', '/api/console/queues/slips', finance.token)).body.items as {
      slipId: string;
    }[];
    expect(left.map((x) => x.slipId)).not.toContain(refused);
    expect(left.map((x) => x.slipId)).toContain(checking);
    expect(await slipsTile()).toBe(tileBefore - 1);
    expectError(
      await con('GET', '/api/console/queues/slips/NOSUCH/picture', finance.token),
      404,
      'NOT_FOUND',
    );
  });
});

describe('chat console [console]', () => {
  it('[console] the oldest waiting first with the member context; a reply reaches the member live; assign and close', async () => {
    const support = await staff('support');
    const first = await registerAndLogin(t.app);
    await bankTransfer(t.app, first.reg, 99);
    await sendText(t.app, { token: first.token }, 'hello, first');
    t.clock.advance(60_000);
    const second = await registerAndLogin(t.app);
    await sendText(t.app, { token: second.token }, 'hello, second');

    const list = await con('GET', '/api/console/chats', support.token);
    const items = list.body.items as Array<{ id: string; phone: string | null; waitingSince: string | null }>;
    const order = items.filter((c) => c.waitingSince).map((c) => c.phone);
    expect(order.indexOf(first.reg.username)).toBeLessThan(order.indexOf(second.reg.username));
    const conv = items.find((c) => c.phone === first.reg.username)!;

    const member = await socketOf({ token: first.token });
    const heard: ChatMessage[] = [];
    member.on(REALTIME_EVENTS.chatMessage, (msg: ChatMessage) => heard.push(msg));
    await new Promise((r) => member.emit(REALTIME_EVENTS.chatJoin, r));

    const thread = await con('GET', `/api/console/chats/${conv.id}`, support.token);
    expect(thread.body.member).toMatchObject({ phone: first.reg.username, balance: 99 });
    expect((thread.body.member as { deposits: unknown[] }).deposits[0]).toMatchObject({
      amount: 99,
      status: 'SUCCESS',
    });
    expect(
      (thread.body.messages as ChatMessage[]).some(
        (x) => x.message.message_type === 'text' && x.message.payload.text === 'hello, first',
      ),
    ).toBe(true);

    const assigned = await con('POST', `/api/console/chats/${conv.id}/assign`, support.token);
    expect(assigned.body.assignedTo).toBe(support.username);
    const sent = await con('POST', `/api/console/chats/${conv.id}/messages`, support.token, {
      message: { message_type: 'text', payload: { text: 'We are checking it now' } },
    });
    expect(sent.status).toBe(200);
    const got = await eventually(
      async () => heard,
      (h) => h.length > 0,
    );
    expect(got[0]).toMatchObject({
      sender: 'operator',
      message: { payload: { text: 'We are checking it now' } },
    });
    // Answered: no longer waiting.
    const again = (await con('GET', '/api/console/chats', support.token)).body.items as Array<{
      id: string;
      waitingSince: string | null;
    }>;
    expect(again.find((c) => c.id === conv.id)!.waitingSince).toBeNull();
    // A picture: uploaded into the conversation, then sent as media; the member sees it and can load it.
    const image = new PNG({ width: 4, height: 3 });
    image.data.fill(200);
    const form = multipart('shot.png', PNG.sync.write(image), 'file', 'image/png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/console/chats/${conv.id}/image`,
      headers: { authorization: `Bearer ${support.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const media = JSON.parse(uploaded.body) as { fileType: string; filePath: string };
    expect(media.fileType).toBe('image');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/console/chats/${conv.id}/image`,
      headers: { authorization: `Bearer ${first.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(refused.statusCode).toBe(401);
    await con('POST', `/api/console/chats/${conv.id}/messages`, support.token, {
      message: { message_type: 'media', payload: media },
    });
    const pictured = await eventually(
      async () => heard,
      (h) => h.length > 1,
    );
    expect(pictured[1]).toMatchObject({ message: { message_type: 'media', payload: media } });
    expect((await t.app.inject({ method: 'GET', url: media.filePath })).statusCode).toBe(200);

    const closed = await con('POST', `/api/console/chats/${conv.id}/close`, support.token);
    expect(closed.body.closed).toBe(true);
    const actions = await t.db.query<{ action: string }>(
      `select action from staff_audit where actor = $1 and target = $2 order by id`,
      [support.username, conv.id],
    );
    expect(actions.map((x) => x.action)).toEqual(['chat.assign', 'chat.reply', 'chat.reply', 'chat.close']);
    // A finance role reads no chats.
    const finance = await staff('finance');
    expectError(await con('GET', '/api/console/chats', finance.token), 403, 'FORBIDDEN');
  });
});

describe('console actions and their audit [console]', () => {
  it('[console] an action whose audit row cannot be written changes nothing: no credit, no rejection, no reply', async () => {
    const [bad, badSupport, good, goodSupport] = [
      await staff('finance'),
      await staff('support'),
      await staff('finance'),
      await staff('support'),
    ];
    const [mark] = await t.db.query<{ id: string }>('select max(id)::text as id from staff_audit');
    // The database refuses the audit rows of two staff members (a full disk, a broken chain would too).
    await t.db.exec(`
      create function test_refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'the audit refuses this row'; end $$;
      create trigger test_refuse_audit before insert on staff_audit for each row
        when (new.actor in ('${bad.username}', '${badSupport.username}')) execute function test_refuse_audit();`);
    try {
      const m = await registerAndLogin(t.app);
      const reference = await unmatchedLine(250);
      const match = (s: Staff) =>
        con('POST', `/api/console/queues/bank-lines/${reference}/match`, s.token, {
          phone: m.reg.username,
          code: codeOf(s),
        });
      expectError(await match(bad), 500, 'INTERNAL_SERVER_ERROR');
      const [line] = await t.db.query<{ outcome: string }>(
        'select outcome from bank_feed_items where reference = $1',
        [reference],
      );
      expect(line!.outcome).toBe('UNMATCHED');
      expect(await walletAmount(t.app, m.token)).toBe(0);
      expect((await match(good)).status).toBe(200);
      expect(await walletAmount(t.app, m.token)).toBe(250);

      // Above the four-eyes threshold a withdrawal waits for a person.
      await secondApprovalAbove10Baht();
      const w = await withdraw(t.app, m.token, 100);
      const id = w.body.withdrawalId as string;
      const reject = (s: Staff) =>
        con('POST', `/api/console/queues/withdrawals/${id}/reject`, s.token, {
          reason: 'Please call us',
          code: codeOf(s),
        });
      t.clock.advance(30_000);
      expectError(await reject(bad), 500, 'INTERNAL_SERVER_ERROR');
      expect(await withdrawalStatus(t.db, id)).toBe('PENDING');
      expect(await walletAmount(t.app, m.token)).toBe(150);
      t.clock.advance(30_000);
      expect((await reject(good)).body).toEqual({ withdrawalId: id, status: 'REJECTED' });
      expect(await walletAmount(t.app, m.token)).toBe(250);

      // A reply refused with its row is neither kept nor heard: the member's first message is the next one.
      const other = await registerAndLogin(t.app);
      await sendText(t.app, { token: other.token }, 'is anyone there?');
      const member = await socketOf({ token: other.token });
      const heard: ChatMessage[] = [];
      member.on(REALTIME_EVENTS.chatMessage, (msg: ChatMessage) => heard.push(msg));
      await new Promise((r) => member.emit(REALTIME_EVENTS.chatJoin, r));
      const chats = (await con('GET', '/api/console/chats', goodSupport.token)).body.items as Array<{
        id: string;
        phone: string | null;
      }>;
      const conv = chats.find((c) => c.phone === other.reg.username)!;
      const say = (s: Staff, text: string) =>
        con('POST', `/api/console/chats/${conv.id}/messages`, s.token, {
          message: { message_type: 'text', payload: { text } },
        });
      expectError(await say(badSupport, 'never said'), 500, 'INTERNAL_SERVER_ERROR');
      expect((await say(goodSupport, 'said')).status).toBe(200);
      const got = await eventually(
        async () => heard,
        (h) => h.length > 0,
      );
      expect(got[0]).toMatchObject({ message: { payload: { text: 'said' } } });
      const thread = await con('GET', `/api/console/chats/${conv.id}`, goodSupport.token);
      const texts = (thread.body.messages as ChatMessage[]).map((x) =>
        x.message.message_type === 'text' ? x.message.payload.text : null,
      );
      expect(texts).toContain('said');
      expect(texts).not.toContain('never said');

      const rows = await t.db.query<{ actor: string; action: string }>(
        `select actor, action from staff_audit where id > $1 and actor = any($2) order by id`,
        [mark!.id, [bad.username, badSupport.username, good.username, goodSupport.username]],
      );
      expect(rows.map((r) => `${r.actor} ${r.action}`)).toEqual([
        `${good.username} bank-line.match`,
        `${good.username} withdrawal.reject`,
        `${goodSupport.username} chat.reply`,
      ]);
      await expectLedgerSound(t.db);
    } finally {
      await t.db.exec('drop trigger test_refuse_audit on staff_audit; drop function test_refuse_audit();');
      await noSecondApproval();
    }
  });
});

describe('staff sockets end with the staff session [console]', () => {
  /** Resolves with the reason once the server closes the socket. */
  const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', resolve));

  it('[console] disabling a staff member, a role change and signing out close their open console sockets at once', async () => {
    const [disabled, moved, leaving, staying] = [
      await staff('finance'),
      await staff('support'),
      await staff('finance'),
      await staff('finance'),
    ];
    const sockets = await Promise.all(
      [disabled, moved, leaving, staying].map((s) => socketOf({ staffToken: s.token })),
    );
    const [disabledClosed, movedClosed, leavingClosed] = sockets.slice(0, 3).map(closed);

    const off = await call(t.app, 'POST', `/api/ops/staff/${disabled.username}/disable`, {
      token: OPS_TOKEN,
    });
    expect(off.status).toBe(200);
    expect(await disabledClosed).toBe('io server disconnect');

    const role = await call(t.app, 'POST', `/api/ops/staff/${moved.username}/role`, {
      token: OPS_TOKEN,
      body: { role: 'risk' },
    });
    expect(role.status).toBe(200);
    expect(await movedClosed).toBe('io server disconnect');

    expect((await con('DELETE', '/api/console/session', leaving.token)).status).toBe(200);
    expect(await leavingClosed).toBe('io server disconnect');

    // The others' sockets stay: the staff member still signed in hears the queues change.
    const nudged = new Promise((resolve) => sockets[3]!.once(QUEUES_CHANGED_EVENT, resolve));
    await unmatchedLine(12);
    await nudged;
    expect(sockets[3]!.connected).toBe(true);
    // A closed one cannot come back with its ended session.
    await expect(socketOf({ staffToken: disabled.token })).rejects.toThrow('UNAUTHORIZED');
  });

  it('[console] a staff session that expires while its socket is open is closed by the sweep', async () => {
    const idle = await staff('finance');
    const socket = await socketOf({ staffToken: idle.token });
    const gone = closed(socket);
    // 30 minutes without a request: the session is over, though nobody asked the API since.
    t.clock.advance(31 * 60_000);
    expect(await t.app.realtime.checkSessions()).toBeGreaterThan(0);
    expect(await gone).toBe('io server disconnect');
  });
});
