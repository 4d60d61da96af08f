// The realtime channel over real HTTP and WebSocket, as a browser uses it: a member's socket hears what
// happens to their money and nobody else's; the handshake is the session check; a session that ends
// closes its sockets. With TEST_DATABASE_URL and TEST_REDIS_URL, two instances share one database.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io as openSocket, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, REALTIME_PATH, type MoneyEvent } from '@krapao/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import { pruneRealtimeEvents } from '../src/realtime/outbox.ts';
import {
  bankTransfer,
  baseUrl,
  call,
  eventually,
  login,
  newKey,
  onPostgres,
  registerAndLogin,
  setOwnLimits,
  setPayoutMode,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';
import { consoleCall, newStaff } from './console-helpers.ts';
import { stepAt, totpCode } from '../src/modules/staff/totp.ts';

const t = useTestApp({ OPS_TOKEN: 'operator-token-for-tests' });

interface Listener {
  socket: Socket;
  events: MoneyEvent[];
  /** Resolves with the reason once the server closes the socket. */
  closed: Promise<string>;
}

const open: Socket[] = [];
afterAll(() => open.forEach((s) => s.close()));

/** A socket as the web app opens it: WebSocket only, the token in the handshake's auth. */
function connectAs(app: FastifyInstance, auth: Record<string, unknown>, query?: Record<string, string>) {
  const socket = openSocket(baseUrl(app), {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth,
    ...(query ? { query } : {}),
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  const events: MoneyEvent[] = [];
  socket.on(REALTIME_EVENTS.money, (event: MoneyEvent) => events.push(event));
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  return new Promise<Listener>((resolve, reject) => {
    socket.on('connect', () => resolve({ socket, events, closed }));
    socket.on('connect_error', (err) => reject(err));
  });
}
const listen = (app: FastifyInstance, token: string) => connectAs(app, { token });

const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'connected',
    (err: Error) => err.message,
  );

/** Waits for the first event that matches. */
const heard = (l: Listener, match: (e: MoneyEvent) => boolean) =>
  eventually(
    async () => l.events.find(match),
    (e) => e !== undefined,
  );

describe('realtime money events', () => {
  it('[DEP-11] a bank transfer credited by the feed reaches the member’s socket, and no one else’s', async () => {
    const member = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const mine = await listen(t.app, member.token);
    const theirs = await listen(t.app, other.token);

    await bankTransfer(t.app, member.reg, 1500);
    const credited = await heard(mine, (e) => e.type === 'deposit');
    expect(credited).toMatchObject({ type: 'deposit', channel: 'BANK', status: 'SUCCESS', amount: 1500 });
    expect(credited).toHaveProperty('depositId', expect.stringMatching(/^D\d+$/));
    expect(await heard(mine, (e) => e.type === 'balance')).toEqual({ type: 'balance' });
    // Asking again over HTTP tells the new balance (the event itself never carries it).
    expect(await walletAmount(t.app, member.token)).toBe(1500);

    await bankTransfer(t.app, other.reg, 20);
    await heard(theirs, (e) => e.type === 'deposit');
    expect(mine.events.filter((e) => e.type === 'deposit')).toHaveLength(1);
    expect(theirs.events).not.toContainEqual(expect.objectContaining({ amount: 1500 }));
  });

  it('[DEP-7] a QR paid at the gateway reaches the socket, and the QR then reads as received', async () => {
    const member = await registerAndLogin(t.app);
    const l = await listen(t.app, member.token);
    const made = await call(t.app, 'POST', '/api/qrcode/WW', {
      token: member.token,
      body: { amount: 300 },
      headers: { 'idempotency-key': newKey() },
    });
    expect(made.status).toBe(200);
    const scan = await fetch(`${baseUrl(t.app)}/sim/gateway/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload: made.body.payload }),
    });
    expect(scan.status).toBe(200);

    expect(await heard(l, (e) => e.type === 'qrcode' && e.status === 'PAID')).toMatchObject({
      qrcodeId: made.body.qrcodeId,
      provider: 'WW',
      amount: 300,
    });
    expect(await heard(l, (e) => e.type === 'deposit')).toMatchObject({ channel: 'QR', amount: 300 });
    const now = await call(t.app, 'GET', '/api/qrcode/WW', { token: member.token });
    expect(now.body).toMatchObject({
      hasQrcode: false,
      qrcodeId: made.body.qrcodeId,
      amount: 300,
      paidAt: t.clock.now().getTime(),
    });
    // Once the QR's lifetime has passed since the payment, the panel offers a new QR again.
    t.clock.advance(601_000);
    const later = await call(t.app, 'GET', '/api/qrcode/WW', { token: member.token });
    expect(later.body).toMatchObject({ hasQrcode: false, qrcodeId: '' });
    expect(later.body).not.toHaveProperty('paidAt');
  });

  it('[WD-2] a withdrawal the bank refuses reaches the socket as it is made and as it is returned', async () => {
    const member = await registerAndLogin(t.app);
    await bankTransfer(t.app, member.reg, 500);
    const l = await listen(t.app, member.token);
    await setPayoutMode(t.app, 'fail');
    try {
      const made = await withdraw(t.app, member.token, 200);
      expect(made.status).toBe(200);
      const id = made.body.withdrawalId as string;
      expect(await heard(l, (e) => e.type === 'withdrawal' && e.status === 'FAILED')).toMatchObject({
        withdrawalId: id,
        amount: 200,
      });
    } finally {
      await setPayoutMode(t.app, 'pay');
    }
  });

  it('[DEP-12] a transfer that answers the member’s deposit notice is announced as received once', async () => {
    const member = await registerAndLogin(t.app);
    const l = await listen(t.app, member.token);
    const notice = await call(t.app, 'POST', '/api/wallet/add', {
      token: member.token,
      body: { amount: 640 },
      headers: { 'idempotency-key': newKey() },
    });
    expect(notice.status).toBe(200);
    expect(await heard(l, (e) => e.type === 'deposit')).toMatchObject({
      channel: 'NOTICE',
      status: 'PENDING',
    });
    await bankTransfer(t.app, member.reg, 640);
    await heard(l, (e) => e.type === 'deposit' && e.status === 'SUCCESS');
    await heard(l, (e) => e.type === 'balance');
    expect(l.events.filter((e) => e.type === 'deposit' && e.status === 'SUCCESS')).toEqual([
      expect.objectContaining({ channel: 'BANK', amount: 640 }),
    ]);
  });

  it('[trust-8] an operator’s credit of an unmatched transfer reaches the socket', async () => {
    const member = await registerAndLogin(t.app);
    const l = await listen(t.app, member.token);
    // A transfer from an account nobody registered stays unmatched until the operator credits it.
    const sent = await bankTransfer(t.app, { bankCode: 'SCB', bankAccountNo: '9990001112' }, 75);
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/ops/bank-feed/${sent.reference}/credit`,
      headers: { authorization: 'Bearer operator-token-for-tests' },
      payload: { phone: member.reg.username },
    });
    expect(credit.statusCode).toBe(200);
    expect(await heard(l, (e) => e.type === 'deposit')).toMatchObject({ status: 'SUCCESS', amount: 75 });
  });

  it('[care] a limit set on another device and a block staff place reach the member’s open app', async () => {
    const member = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    // The member's phone, signed in beside the device that sets the limit.
    const phone = await listen(t.app, await login(t.app, member.reg.username, member.reg.password));
    const theirs = await listen(t.app, other.token);
    const protectionEvents = (l: Listener) => l.events.filter((e) => e.type === 'protection').length;

    const limited = await setOwnLimits(t.app, member.token, { depositDay: 1_000 });
    expect(limited.status).toBe(200);
    expect(await heard(phone, (e) => e.type === 'protection')).toEqual({ type: 'protection' });

    const risk = await newStaff(t, 'operator-token-for-tests', 'risk');
    const placed = await consoleCall(t.app, 'POST', `/api/console/members/${member.id}/block`, risk.token, {
      kind: 'TIMEOUT',
      days: 7,
      reason: 'asked for a break on the phone',
      code: totpCode(risk.secret, stepAt(t.clock.now())),
    });
    expect(placed.status).toBe(200);
    await eventually(
      async () => protectionEvents(phone),
      (n) => n === 2,
    );
    // Asking again tells the block (the event itself carries nothing of it); nobody else heard it.
    const now = await call(t.app, 'GET', '/api/protection', { token: member.token });
    expect(now.body.block).toMatchObject({ kind: 'TIMEOUT' });
    expect(protectionEvents(theirs)).toBe(0);
  });
});

describe('realtime sessions', () => {
  it('[trust-8] the handshake refuses a missing, unknown or expired token, and a token in the query string', async () => {
    const member = await registerAndLogin(t.app);
    expect(await refusal(connectAs(t.app, {}))).toBe('invalid-token');
    expect(await refusal(connectAs(t.app, { token: randomBytes(32).toString('base64url') }))).toBe(
      'invalid-token',
    );
    expect(await refusal(connectAs(t.app, {}, { token: member.token }))).toBe('invalid-token');
    expect(await refusal(listen(t.app, member.token))).toBe('connected');

    const short = await registerAndLogin(t.app);
    t.clock.advance(61 * 60_000); // past the idle lifetime (SESSION_IDLE_MIN 60)
    expect(await refusal(listen(t.app, short.token))).toBe('invalid-token');
  });

  it('[trust-8] logging out closes the session’s sockets at once; another session’s stay open', async () => {
    const member = await registerAndLogin(t.app);
    const phone = await listen(t.app, member.token);
    const laptopToken = await login(t.app, member.reg.username, member.reg.password);
    const laptop = await listen(t.app, laptopToken);

    expect((await call(t.app, 'POST', '/api/logout', { token: member.token })).status).toBe(200);
    expect(await phone.closed).toBe('io server disconnect');
    expect(laptop.socket.connected).toBe(true);
  });

  it('[trust-8] changing the password closes the other sessions’ sockets', async () => {
    const member = await registerAndLogin(t.app);
    const stolenToken = await login(t.app, member.reg.username, member.reg.password);
    const stolen = await listen(t.app, stolenToken);
    const changed = await call(t.app, 'PUT', '/api/account/changepwd', {
      token: member.token,
      body: { oldPassword: member.reg.password, newPassword: 'a new horse 22' },
    });
    expect(changed.status).toBe(200);
    expect(await stolen.closed).toBe('io server disconnect');
  });

  it('[trust-8] a session that expires while its socket is open is closed by the session check', async () => {
    const member = await registerAndLogin(t.app);
    const l = await listen(t.app, member.token);
    await t.app.realtime.checkSessions(); // earlier tests' sessions have expired meanwhile
    expect(l.socket.connected).toBe(true);
    t.clock.advance(61 * 60_000);
    expect(await t.app.realtime.checkSessions()).toBeGreaterThanOrEqual(1);
    expect(await l.closed).toBe('io server disconnect');
  });
});

// Two server instances on one PostgreSQL and one Redis, as behind a load balancer.
describe('realtime event pruning', () => {
  it('[trust-8] an instance that read a horizon 10 minutes ago and is gone lets another prune; newer events stay', async () => {
    const event = async (n: number) => {
      const [row] = await t.db.query<{ id: string; xid: string }>(
        `insert into realtime_events (payload) values (jsonb_build_object('pruneTest', $1::int))
         returning id::text as id, xid::text as xid`,
        [n],
      );
      return row!;
    };
    const horizonAfter = (xid: string) =>
      eventually(
        async () =>
          (
            await t.db.query<{ horizon: string; after: boolean }>(
              'select h::text as horizon, h > $1::xid8 as after from pg_snapshot_xmin(pg_current_snapshot()) h',
              [xid],
            )
          )[0]!,
        (r) => r.after,
      );
    const kept = async (ids: string[]) =>
      (
        await t.db.query<{ id: string }>(
          'select id::text as id from realtime_events where id = any($1::bigint[])',
          [ids],
        )
      ).map((r) => r.id);

    // An instance read a horizon after the old event 11 minutes ago, then stopped (a deployment).
    const old = await event(1);
    const { horizon: gone } = await horizonAfter(old.xid);
    const now = new Date();
    await t.db.query('insert into realtime_horizons (read_at, horizon) values ($1, $2::xid8)', [
      new Date(now.getTime() - 11 * 60_000),
      gone,
    ]);
    const recent = await event(2);

    // A new instance, minutes old, prunes by the gone instance's horizon.
    const { horizon } = await horizonAfter(recent.xid);
    await pruneRealtimeEvents(t.db, horizon, now);
    expect(await kept([old.id, recent.id])).toEqual([recent.id]);
    const [left] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from realtime_horizons where horizon = $1::xid8',
      [gone],
    );
    expect(left!.n).toBe(0);
  });
});

describe.runIf(onPostgres && process.env.TEST_REDIS_URL)('realtime across instances', () => {
  it('[DEP-11] a credit made through instance A reaches a socket on instance B', async () => {
    const a = await instanceOn();
    const b = await instanceOn();
    try {
      const member = await registerAndLogin(a.app);
      const onB = await listen(b.app, member.token);
      // Through A: the bank feed credits there; B hears it from its own database listener.
      await bankTransfer(a.app, member.reg, 42);
      expect(await heard(onB, (e) => e.type === 'deposit')).toMatchObject({ amount: 42, channel: 'BANK' });

      // An event that does not come from the database (the coming chat) crosses through Redis.
      const hello = new Promise((resolve) => onB.socket.on('hello', resolve));
      const [m] = await t.db.query<{ id: string }>('select id from members where phone = $1', [
        member.reg.username,
      ]);
      a.app.realtime.toMember(String(m!.id), 'hello', { from: 'A' });
      expect(await hello).toEqual({ from: 'A' });

      // Logging out through A closes the socket on B.
      await call(a.app, 'POST', '/api/logout', { token: member.token });
      expect(await onB.closed).toBe('io server disconnect');
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
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_PREFIX: t.redisPrefix,
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
