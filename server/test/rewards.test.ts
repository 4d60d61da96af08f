// The one model for every reward (db/functions/rewards.sql): a credit with two exits. While
// it is active the member cannot withdraw or take another; GET /api/bonus/clear ends it only when an exit
// holds: the turnover since the credit (from the bet feed) reaches percentSuccess %, or the balance falls
// below percentFail %. The programmes (bonuses, promotions, invite, refund, spin) all credit through it.
import { describe, expect, it } from 'vitest';
import { losingStops } from '../src/sim/slot.ts';
import {
  bankTransfer,
  call,
  expectError,
  expectLedgerSound,
  registerAndLogin,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer, transferAll } from './games-helpers.ts';
import { openGame, rig, spinMany } from './games-play.ts';

const t = useTestApp({ ...GAME_TEST_ENV, BET_FEED_EVERY_MS: '0' });

const memberId = async (publicId: string) =>
  String(
    (await t.db.query<{ id: unknown }>('select id from members where public_id = $1', [publicId]))[0]!.id,
  );

/** Credits a reward as a programme does: under the member's claim lock, in one transaction. */
async function grant(
  publicId: string,
  r: { ref: string; amount: number; success: number; fail: number; categories?: string[] },
) {
  const id = await memberId(publicId);
  return t.db.tx(async (q) => {
    await q.query('select reward_member_lock($1)', [id]);
    const [row] = await q.query<{ id: unknown }>(
      'select reward_credit($1, $2, $3, $4, $5, $6, $7, $8, $9) as id',
      [
        id,
        'bonus',
        r.ref,
        JSON.stringify({ en: `Bonus ${r.ref}` }),
        String(r.amount * 100),
        r.success,
        r.fail,
        r.categories ?? null,
        t.clock.now(),
      ],
    );
    return row?.id;
  });
}

describe('rewards: one model with two exits', () => {
  it('[BON-5] an active reward refuses withdrawals and a second reward, and clears only when its turnover is met', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1_000);
    expect(await grant(m.id, { ref: 'WELCOME-1', amount: 100, success: 300, fail: 10 })).toBeTruthy();
    expect(await walletAmount(t.app, m.token)).toBe(1_100);

    // The same claim again pays nothing; another reward is refused while this one is active.
    expect(await grant(m.id, { ref: 'WELCOME-1', amount: 100, success: 300, fail: 10 })).toBeNull();
    await expect(grant(m.id, { ref: 'OTHER', amount: 50, success: 100, fail: 10 })).rejects.toThrow(
      /BONUS_ALREADY_ACTIVE/,
    );
    expectError(await withdraw(t.app, m.token, 100), 400, 'BONUS_REMAINING');
    expect(await walletAmount(t.app, m.token)).toBe(1_100);

    const active = await call(t.app, 'GET', '/api/bonus/check/active', { token: m.token });
    expect(active.body).toEqual({ status: true, type: 'bonus' });
    expectError(await call(t.app, 'GET', '/api/bonus/clear', { token: m.token }), 400, 'BONUS_CONDITION');
    const progress = await call(t.app, 'GET', '/api/rewards/active', { token: m.token });
    expect(progress.body.reward).toMatchObject({
      source: 'bonus',
      reference: 'WELCOME-1',
      amount: 100,
      turnoverDone: 0,
      turnoverNeeded: 300,
      balance: 1_100,
      failBelow: 10,
      canClear: false,
    });

    // Play 300 baht of turnover: 30 spins of 10 at the demo slot, pulled from the feed.
    expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
    const moved = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 500 });
    expect(moved.body).toMatchObject({ status: 'SUCCESS' });
    const game = await openGame(t.app, m.token, 'PG');
    await spinMany(t.app, game.data!.session, 1_000n, 29);
    await t.app.pullBets();
    const almost = await call(t.app, 'GET', '/api/rewards/active', { token: m.token });
    expect(almost.body.reward).toMatchObject({ turnoverDone: 290, canClear: false });
    await spinMany(t.app, game.data!.session, 1_000n, 1);
    await t.app.pullBets();
    const met = await call(t.app, 'GET', '/api/rewards/active', { token: m.token });
    expect(met.body.reward).toMatchObject({ turnoverDone: 300, turnoverNeeded: 300, canClear: true });

    t.clock.advance(60_000);
    const cleared = await call(t.app, 'GET', '/api/bonus/clear', { token: m.token });
    expect(cleared.body).toEqual({ message: 'BONUS_CLEAR', outcome: 'SUCCESS' });
    expect((await call(t.app, 'GET', '/api/bonus/check/active', { token: m.token })).body).toEqual({
      status: false,
      type: null,
    });
    expect((await withdraw(t.app, m.token, 100)).status).toBe(200);

    // The statement names the credit (+) and the moment it became ordinary money.
    const st = await call(t.app, 'POST', '/api/statement', { token: m.token, body: { page: 1, limit: 20 } });
    const lines = (st.body.statements as Array<Record<string, unknown>>).filter((s) =>
      ['bonus', 'finish_bonus'].includes(s.statementType as string),
    );
    expect(lines.map((l) => [l.statementType, l.amount, l.status])).toEqual([
      ['finish_bonus', 100, 'SUCCESS'],
      ['bonus', 100, 'SUCCESS'],
    ]);
    expect(lines[0]!.related).toEqual({
      kind: 'bonus',
      reference: 'WELCOME-1',
      title: { en: 'Bonus WELCOME-1' },
    });
    await expectLedgerSound(t.db);
  });

  it('[BON-5] a reward played away below its fail line ends as FAILED, and a withdrawal ends it by itself', async () => {
    const m = await registerAndLogin(t.app);
    await grant(m.id, { ref: 'FREE-1000', amount: 1_000, success: 1_000, fail: 50 });
    expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
    expect((await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 1_000 })).status).toBe(
      200,
    );
    const game = await openGame(t.app, m.token, 'PG');
    const stops = losingStops();
    await rig(
      t.app,
      'PG',
      game.data!.username,
      Array.from({ length: 6 }, () => stops),
    );
    const lost = await spinMany(t.app, game.data!.session, 10_000n, 6);
    expect(lost.every((r) => r.winMinor === '0')).toBe(true);
    await t.app.pullBets();
    const progress = await call(t.app, 'GET', '/api/rewards/active', { token: m.token });
    expect(progress.body.reward).toMatchObject({ balance: 400, failBelow: 500, canClear: true });

    // Back to the wallet, then a withdrawal: the reward's fail exit holds, so it ends and the money goes.
    expect((await transferAll(t.app, m.token, { from: 'PG', to: 'WALLET' })).status).toBe(200);
    const paid = await withdraw(t.app, m.token, 400);
    expect(paid.body).toMatchObject({ amount: 400 });
    const [row] = await t.db.query<{ status: string }>(
      `select status from rewards where source_ref = 'FREE-1000'`,
    );
    expect(row?.status).toBe('FAILED');
    await expectLedgerSound(t.db);
  });

  it('[BON-5] twenty claims of one reward at once pay it once', async () => {
    const m = await registerAndLogin(t.app);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => grant(m.id, { ref: 'RACE', amount: 50, success: 100, fail: 0 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled' && r.value).length).toBe(1);
    expect(await walletAmount(t.app, m.token)).toBe(50);
    await expectLedgerSound(t.db);
  });
});
