// Issue 22: a withdrawal and a game transfer read their member's session in the statement that moves the
// money (db/functions/sessions.sql, http/session-caller.ts), alone or in a batch, instead of in a round
// trip of their own: the same answers as every other route gives a session (SH-13, SH-15, SH-18), and a
// refused session moves nothing. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import {
  bankTransfer,
  call,
  expectError,
  expectLedgerSound,
  login,
  newKey,
  onPostgres,
  registerAndLogin,
  useTestApp,
  type TestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer, slotAmount } from './games-helpers.ts';

// Lone calls go to an app with the default batching (a batch of one goes at once, as the single call).
// Batches to another, as in money-batch.test.ts: three calls make a batch, and a batch waits for its three
// up to a second, so the requests a test sends together are one batch (a lone request there would wait
// that second out).
const alone = useTestApp({ ...GAME_TEST_ENV }, { deps: { payouts: null } });
const batched = useTestApp(
  { MONEY_BATCH: '1', MONEY_BATCH_MAX: '3', MONEY_BATCH_WINDOW_MS: '1000', ...GAME_TEST_ENV },
  { deps: { payouts: null } },
);

async function funded(t: TestApp, amount: number) {
  const m = await registerAndLogin(t.app);
  await bankTransfer(t.app, m.reg, amount);
  return m;
}

/** What a member has moved: withdrawals, game transfers and idempotency keys; a refused call adds none. */
async function movementsOf(t: TestApp, publicId: string) {
  const [row] = await t.db.query<{ withdrawals: bigint; transfers: bigint; keys: bigint }>(
    `select (select count(*) from withdrawals w where w.member_id = m.id) as withdrawals,
            (select count(*) from game_transfers g where g.member_id = m.id) as transfers,
            (select count(*) from idempotency_keys k where k.member_id = m.id) as keys
     from members m where m.public_id = $1`,
    [publicId],
  );
  return row;
}

const sessionsOf = async (t: TestApp, publicId: string) =>
  (
    await t.db.query<{ n: bigint }>(
      'select count(*) as n from sessions s join members m on m.id = s.member_id where m.public_id = $1',
      [publicId],
    )
  )[0]!.n;

describe(`money calls that read their session (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('[issue 22] [SH-18] [SH-15] no token, a forged one or one past its idle time: refused as on every route, and nothing moves', async () => {
    const m = await funded(alone, 1_000);
    expect((await activate(alone.app, m.token, 'PG')).status).toBe(200);
    expectError(
      await call(alone.app, 'POST', '/api/wallet/withdraw', {
        body: { amount: 100 },
        headers: { 'Idempotency-Key': newKey() },
      }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await withdraw(alone.app, 'A'.repeat(43), 100), 401, 'invalid-token');
    expectError(await withdraw(alone.app, 'not a token', 100), 401, 'invalid-token');
    expectError(
      await gameTransfer(alone.app, 'A'.repeat(43), { from: 'WALLET', to: 'PG', amount: 100 }),
      401,
      'invalid-token',
    );
    alone.clock.advance(61 * 60_000);
    expectError(await withdraw(alone.app, m.token, 100), 401, 'invalid-token');
    expectError(
      await gameTransfer(alone.app, m.token, { from: 'WALLET', to: 'PG', amount: 100 }),
      401,
      'invalid-token',
    );
    expect(await movementsOf(alone, m.id)).toEqual({ withdrawals: 0n, transfers: 0n, keys: 0n });
    const again = await login(alone.app, m.reg.username, m.reg.password);
    expect(await walletAmount(alone.app, again)).toBe(1_000);
    await expectLedgerSound(alone.db);
  });

  it('[issue 22] [SH-15] a withdrawal and a transfer keep their session alive, as any use of it does', async () => {
    const m = await funded(alone, 1_000);
    expect((await activate(alone.app, m.token, 'PG')).status).toBe(200);
    // The idle time is an hour: each call within it pushes the end an hour further.
    alone.clock.advance(50 * 60_000);
    expect((await withdraw(alone.app, m.token, 100)).status).toBe(200);
    alone.clock.advance(50 * 60_000);
    expect((await gameTransfer(alone.app, m.token, { from: 'WALLET', to: 'PG', amount: 100 })).status).toBe(
      200,
    );
    alone.clock.advance(50 * 60_000);
    expect(await walletAmount(alone.app, m.token)).toBe(800);
    expect(await slotAmount(alone.app, m.token, 'PG')).toBe(100);
  });

  it('[issue 22] [SH-13] a batch with a session logged out in the middle: the others commit, that one answers invalid-token and moves nothing', async () => {
    const [a, b, c] = await Promise.all([
      funded(batched, 1_000),
      funded(batched, 1_000),
      funded(batched, 1_000),
    ]);
    expect((await call(batched.app, 'POST', '/api/logout', { token: b.token })).status).toBe(200);
    const [wa, wb, wc] = await Promise.all([
      withdraw(batched.app, a.token, 300),
      withdraw(batched.app, b.token, 300),
      withdraw(batched.app, c.token, 400),
    ]);
    expect(wa!.body).toMatchObject({ amount: 300, balance: 700, status: 'PENDING' });
    expectError(wb!, 401, 'invalid-token');
    expect(wc!.body).toMatchObject({ amount: 400, balance: 600, status: 'PENDING' });
    expect(await movementsOf(batched, b.id)).toEqual({ withdrawals: 0n, transfers: 0n, keys: 0n });
    // The same in a batch of transfers.
    await Promise.all([a, c].map((m) => activate(batched.app, m.token, 'PG')));
    const [ta, tb, tc] = await Promise.all([
      gameTransfer(batched.app, a.token, { from: 'WALLET', to: 'PG', amount: 200 }),
      gameTransfer(batched.app, b.token, { from: 'WALLET', to: 'PG', amount: 200 }),
      gameTransfer(batched.app, c.token, { from: 'WALLET', to: 'PG', amount: 200 }),
    ]);
    expect([ta!.status, tc!.status]).toEqual([200, 200]);
    expectError(tb!, 401, 'invalid-token');
    expect(await walletAmount(batched.app, a.token)).toBe(500);
    expect(await walletAmount(batched.app, c.token)).toBe(400);
    expect(await movementsOf(batched, b.id)).toEqual({ withdrawals: 0n, transfers: 0n, keys: 0n });
    await expectLedgerSound(batched.db);
  });

  it('[issue 22] [LOG-3] a member no longer active: INACTIVE_USER, alone and in a batch, the session ends and nothing moves', async () => {
    const d = await funded(alone, 1_000);
    await alone.db.query(`update members set status = 'inactive' where public_id = $1`, [d.id]);
    expectError(await withdraw(alone.app, d.token, 100), 403, 'INACTIVE_USER');
    expect(await sessionsOf(alone, d.id)).toBe(0n);
    expectError(await withdraw(alone.app, d.token, 100), 401, 'invalid-token');
    expect(await movementsOf(alone, d.id)).toEqual({ withdrawals: 0n, transfers: 0n, keys: 0n });

    const [a, b, c] = await Promise.all([
      funded(batched, 1_000),
      funded(batched, 1_000),
      funded(batched, 1_000),
    ]);
    const deactivate = (publicId: string) =>
      batched.db.query(`update members set status = 'inactive' where public_id = $1`, [publicId]);
    await deactivate(b.id);
    const [wa, wb, wc] = await Promise.all([
      withdraw(batched.app, a.token, 300),
      withdraw(batched.app, b.token, 300),
      withdraw(batched.app, c.token, 400),
    ]);
    expect([wa!.status, wc!.status]).toEqual([200, 200]);
    expectError(wb!, 403, 'INACTIVE_USER');
    expect(await sessionsOf(batched, b.id)).toBe(0n);
    expect(await movementsOf(batched, b.id)).toEqual({ withdrawals: 0n, transfers: 0n, keys: 0n });
    await expectLedgerSound(batched.db);
    await expectLedgerSound(alone.db);
  });
});
