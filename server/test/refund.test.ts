// REF-1: a share of the member's net loss over the last complete day (or week) in the operator's time
// zone, from the bet feed, paid once per period as a reward: receive (with turnover) or add to wallet
// (the add-to-wallet rule). Checked against the test's own computation from the rounds it played; a
// replayed feed adds nothing; twenty claims at once pay once; every REFUND_ code is met.
import { describe, expect, it } from 'vitest';
import { LINES, losingStops, spin } from '../src/sim/slot.ts';
import {
  baseUrl,
  bankTransfer,
  call,
  expectError,
  expectLedgerSound,
  login,
  onPostgres,
  registerAndLogin,
  useTestApp,
  walletAmount,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer } from './games-helpers.ts';
import { openGame, rig, spinMany, type SpinAnswer } from './games-play.ts';

const OPS_TOKEN = 'operator-token-for-refund-tests';
const t = useTestApp({ ...GAME_TEST_ENV, BET_FEED_EVERY_MS: '0', OPS_TOKEN });
const db = onPostgres ? 'PostgreSQL' : 'PGlite';

const ops = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, url, { token: OPS_TOKEN, ...(body !== undefined ? { body } : {}) });

interface Player {
  token: string;
  session: string;
  username: string;
  id: string;
  reg: { username: string; password: string };
}

async function player(deposit: number): Promise<Player> {
  const m = await registerAndLogin(t.app);
  await bankTransfer(t.app, m.reg, deposit);
  expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
  expect(
    (await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: deposit })).body,
  ).toMatchObject({ status: 'SUCCESS' });
  const game = await openGame(t.app, m.token, 'PG');
  return { token: m.token, session: game.data!.session, username: game.data!.username, id: m.id, reg: m.reg };
}

/** A bet of one minor unit per line: a spin's win is then its lines' multipliers, in such bets. */
const ONE_BET = BigInt(LINES.length);

/**
 * The stops of a spin the slot draws itself, drawn again until it pays at most four bets (19 in 20 of all
 * stops do; the most any pays is 114).
 */
function ordinaryStops(): number[] {
  for (;;) {
    const drawn = spin(ONE_BET);
    if (drawn.winMinor <= 4n * ONE_BET) return drawn.stops;
  }
}

/**
 * Some spins that surely lose, then a few drawn at random that may win up to four bets each: a loss in
 * total whatever they draw, as five losing spins per free one cover three bets won. (Free spins the reels
 * drew themselves could win it all back: a CI run of stop 54 met five that won back all 35 bets.)
 */
async function play(p: Player, losing: number, free: number, bet: bigint, playedAt?: string) {
  await rig(
    t.app,
    'PG',
    p.username,
    [...Array.from({ length: losing }, () => losingStops()), ...Array.from({ length: free }, ordinaryStops)],
    playedAt,
  );
  return spinMany(t.app, p.session, bet, losing + free);
}

/** The test's own figures: turnover and net loss (bets minus wins, when positive) of some rounds. */
function lossOf(rounds: SpinAnswer[]) {
  const bets = rounds.reduce((s, r) => s + BigInt(r.betMinor), 0n);
  const wins = rounds.reduce((s, r) => s + BigInt(r.winMinor), 0n);
  return { turnover: bets, netLoss: bets > wins ? bets - wins : 0n };
}
const pct = (minor: bigint, percent: number) => (minor * BigInt(percent * 10_000)) / 1_000_000n;
const baht = (minor: bigint) => Number(minor) / 100;

/** Moves the clock, keeping the members' sessions and the games' sessions in use as players would. */
async function advance(minutes: number, players: Player[]) {
  for (let left = minutes; left > 0; left -= 50) {
    t.clock.advance(Math.min(50, left) * 60_000);
    for (const p of players) {
      await call(t.app, 'GET', '/api/wallet', { token: p.token });
      await fetch(`${baseUrl(t.app)}/sim/games/sessions/${p.session}`);
    }
  }
}

/** The Bangkok date `days` after today's, YYYY-MM-DD. */
const bangkokDay = (days: number) =>
  new Date(t.clock.now().getTime() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Ten minutes past the next midnight in Bangkok, the member logged in again (a session ends in a day). */
async function nextDay(p: Player) {
  const now = t.clock.now().getTime();
  const midnight = Date.parse(`${bangkokDay(1)}T00:00:00+07:00`);
  await advance(Math.ceil((midnight - now) / 60_000) + 10, [p]);
  p.token = await login(t.app, p.reg.username, p.reg.password);
}

const check = async (p: Player) => (await call(t.app, 'GET', '/api/refund/check', { token: p.token })).body;

describe(`loss refund (${db})`, () => {
  it('[REF-1] the refund of yesterday’s loss equals the test’s own computation, a replayed feed adds nothing, 20 claims at once pay once, receive and add to wallet, and every code', async () => {
    // The clock starts on 2026-11-21 at 17:00 in Bangkok.
    const a = await player(3_000);
    const b = await player(3_000);
    expect((await ops('GET', '/api/ops/refund/rules')).body).toMatchObject({
      active: true,
      period: 'daily',
      percent: 5,
      percentSuccess: 300,
      percentFail: 10,
      addWallet: { percent: 3, percentSuccess: 0, percentFail: 0 },
    });
    expect((await call(t.app, 'GET', '/api/refund/banners', { token: a.token })).body).toMatchObject({
      active: true,
      banners: [{ image: '/programmes/refund-1.svg' }, { image: '/programmes/refund-2.svg' }],
    });

    const roundsA = await play(a, 30, 5, 2_000n);
    const roundsB = await play(b, 25, 3, 5_000n);
    await t.app.pullBets();
    const lossA = lossOf(roundsA);
    const lossB = lossOf(roundsB);
    expect(lossA.netLoss).toBeGreaterThan(0n);
    expect(lossB.netLoss).toBeGreaterThan(0n);

    // Today is not over: nothing to receive yet, today's loss so far is shown.
    const today = await check(a);
    expect(today).toMatchObject({
      result: false,
      bonus: false,
      refundAmount: 0,
      info: {
        reason: 'NO_REFUND',
        periodStart: '2026-11-20',
        periodEnd: '2026-11-20',
        current: {
          periodStart: '2026-11-21',
          periodEnd: '2026-11-21',
          turnover: baht(lossA.turnover),
          netLoss: baht(lossA.netLoss),
        },
      },
    });
    expectError(await call(t.app, 'GET', '/api/refund/receive', { token: a.token }), 400, 'NO_REFUND');

    // After midnight in Bangkok (17:00Z), yesterday's refund is ready.
    await advance(7 * 60 + 10, [a, b]);
    const ready = await check(a);
    expect(ready).toEqual({
      result: true,
      bonus: false,
      refundAmount: baht(pct(lossA.netLoss, 5)),
      refundSuccess: 300,
      refundFail: 10,
      info: {
        reason: null,
        period: 'daily',
        periodStart: '2026-11-21',
        periodEnd: '2026-11-21',
        turnover: baht(lossA.turnover),
        netLoss: baht(lossA.netLoss),
        percent: 5,
        minimum: 1,
        addWallet: { amount: baht(pct(lossA.netLoss, 3)), percent: 3, percentSuccess: 0, percentFail: 0 },
        current: { periodStart: '2026-11-22', periodEnd: '2026-11-22', turnover: 0, netLoss: 0 },
        late: { turnover: 0, result: 0 },
      },
    });

    // The feed replayed from its beginning: every round is known, the figures stay.
    await t.db.query(`update game_bet_cursors set cursor = null where provider = 'PG'`);
    expect((await t.app.pullBets({ provider: 'PG' }))[0]!.taken).toBe(0);
    expect(await check(a)).toEqual(ready);

    // Twenty receives at once: one pays, the others find the day refunded.
    const walletBefore = await walletAmount(t.app, a.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, 'GET', '/api/refund/receive', { token: a.token })),
    );
    expect(answers.filter((r) => r.status === 200).map((r) => r.body)).toEqual([
      {
        message: 'REFUND_SUCCESS',
        kind: 'receive',
        refundAmount: baht(pct(lossA.netLoss, 5)),
        percentSuccess: 300,
        percentFail: 10,
      },
    ]);
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(['NO_REFUND', 'REFUND_CONDITION']).toContain(r.body.message);
    }
    expect(await walletAmount(t.app, a.token)).toBeCloseTo(walletBefore + baht(pct(lossA.netLoss, 5)), 2);
    // The refund is a reward with turnover: while it is active another refund waits (REFUND_CONDITION).
    expect((await call(t.app, 'GET', '/api/rewards/active', { token: a.token })).body.reward).toMatchObject({
      source: 'refund',
      reference: 'daily:2026-11-21',
      percentSuccess: 300,
    });
    expect(await check(a)).toMatchObject({
      result: false,
      bonus: true,
      info: { reason: 'REFUND_CONDITION' },
    });
    expectError(
      await call(t.app, 'GET', '/api/refund/addWallet', { token: a.token }),
      400,
      'REFUND_CONDITION',
    );

    // B adds to the wallet: 3 %, ordinary money at once; twenty at once pay once; then receive finds none.
    const walletB = await walletAmount(t.app, b.token);
    const toWallet = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, 'GET', '/api/refund/addWallet', { token: b.token })),
    );
    expect(toWallet.filter((r) => r.status === 200).map((r) => r.body)).toEqual([
      {
        message: 'REFUND_SUCCESS',
        kind: 'addWallet',
        refundAmount: baht(pct(lossB.netLoss, 3)),
        percentSuccess: 0,
        percentFail: 0,
      },
    ]);
    for (const r of toWallet.filter((x) => x.status !== 200)) expectError(r, 400, 'NO_REFUND');
    expect(await walletAmount(t.app, b.token)).toBeCloseTo(walletB + baht(pct(lossB.netLoss, 3)), 2);
    expect((await call(t.app, 'GET', '/api/bonus/check/active', { token: b.token })).body).toEqual({
      status: false,
      type: null,
    });
    expectError(await call(t.app, 'GET', '/api/refund/receive', { token: b.token }), 400, 'NO_REFUND');

    // The log, newest first.
    const log = await call(t.app, 'POST', '/api/refund', { token: b.token, body: { page: 1 } });
    expect(log.body).toMatchObject({
      total: 1,
      refunds: [
        {
          refundAmount: baht(pct(lossB.netLoss, 3)),
          kind: 'addWallet',
          periodStart: '2026-11-21',
          periodEnd: '2026-11-21',
        },
      ],
    });

    // Weekly from now on (Monday to Sunday): the week in progress, 16 to 22 November, holds the 21st,
    // refunded already as a day, and B's play of today, the 22nd.
    expect((await ops('POST', '/api/ops/refund/rules', { period: 'weekly' })).status).toBe(200);
    const todayB = await play(b, 5, 0, 1_000n);
    await t.app.pullBets();
    const weekly = await check(b);
    expect(weekly).toMatchObject({
      result: false,
      info: {
        period: 'weekly',
        reason: 'NO_REFUND',
        periodStart: '2026-11-09',
        periodEnd: '2026-11-15',
        current: {
          periodStart: '2026-11-16',
          periodEnd: '2026-11-22',
          netLoss: baht(lossOf(todayB).netLoss),
        },
      },
    });
    // On Monday the 23rd, last week's refund is the 22nd's loss only: the 21st is not refunded twice.
    await advance(24 * 60, [b]);
    b.token = await login(t.app, b.reg.username, b.reg.password); // a session lasts less than a day
    expect(await check(b)).toMatchObject({
      result: true,
      refundAmount: baht(pct(lossOf(todayB).netLoss, 5)),
      info: { periodStart: '2026-11-16', periodEnd: '2026-11-22', netLoss: baht(lossOf(todayB).netLoss) },
    });

    // Below the minimum: REFUND_MINIMUM.
    expect(
      (await ops('POST', '/api/ops/refund/rules', { minimum: { BAHT: 1_000, LAK: 1_000 } })).status,
    ).toBe(200);
    expect(await check(b)).toMatchObject({
      result: false,
      info: { reason: 'REFUND_MINIMUM', minimum: 1_000 },
    });
    expectError(await call(t.app, 'GET', '/api/refund/receive', { token: b.token }), 400, 'REFUND_MINIMUM');

    // Off: REFUND_INACTIVE, no banners; the operator's changes are audited.
    expect((await ops('POST', '/api/ops/refund/rules', { active: false })).status).toBe(200);
    expectError(await call(t.app, 'GET', '/api/refund/receive', { token: b.token }), 400, 'REFUND_INACTIVE');
    expectError(
      await call(t.app, 'GET', '/api/refund/addWallet', { token: b.token }),
      400,
      'REFUND_INACTIVE',
    );
    expect(await check(b)).toMatchObject({ result: false, info: { reason: 'REFUND_INACTIVE' } });
    expect((await call(t.app, 'GET', '/api/refund/banners', { token: b.token })).body).toEqual({
      active: false,
      banners: [],
    });
    const actions = (await ops('GET', '/api/ops/actions')).body as unknown as Array<Record<string, unknown>>;
    expect(actions.filter((x) => x.action === 'refund.rules')).toHaveLength(3);
    expect((await ops('POST', '/api/ops/refund/rules', { period: 'monthly' })).status).toBe(400);

    // The ledger: each claim one reward of the same amount.
    const claims = await t.db.query<{ amount: string; reward: string }>(
      `select c.amount::text as amount, r.amount::text as reward from refund_claims c
       join rewards r on r.id = c.reward_id order by c.id`,
    );
    expect(claims).toEqual([
      { amount: String(pct(lossA.netLoss, 5)), reward: String(pct(lossA.netLoss, 5)) },
      { amount: String(pct(lossB.netLoss, 3)), reward: String(pct(lossB.netLoss, 3)) },
    ]);
    await expectLedgerSound(t.db);
  });

  it('[REF-1] rounds reported after their day was refunded join the next refund, once', async () => {
    // The clock goes on from the test before; the rules are back to daily, 5 % and 3 %.
    expect(
      (
        await ops('POST', '/api/ops/refund/rules', {
          active: true,
          period: 'daily',
          minimum: { BAHT: 1, LAK: 1_000 },
        })
      ).status,
    ).toBe(200);
    const c = await player(5_000);
    const [day1Date, day2Date, day3Date, day4Date] = [0, 1, 2, 3].map(bangkokDay);
    const day1 = lossOf(await play(c, 10, 0, 1_000n));
    await t.app.pullBets();
    await nextDay(c);
    expect((await call(t.app, 'GET', '/api/refund/addWallet', { token: c.token })).body).toMatchObject({
      message: 'REFUND_SUCCESS',
      refundAmount: baht(pct(day1.netLoss, 3)),
    });

    // The next day the provider settles more of the first day's bets (a sport bet decided the next day):
    // they wait for the next refund, and today's own loss so far leaves them out.
    const late = lossOf(await play(c, 6, 0, 500n, `${day1Date}T12:00:00Z`));
    const today = lossOf(await play(c, 4, 0, 1_000n));
    await t.app.pullBets();
    expect(await check(c)).toMatchObject({
      result: false,
      info: {
        reason: 'NO_REFUND',
        periodStart: day1Date,
        netLoss: 0,
        late: { turnover: 0, result: 0 },
        current: { periodStart: day2Date, netLoss: baht(today.netLoss) },
      },
    });

    // The day after, the second day's refund holds its own loss and the late one, shown apart.
    await nextDay(c);
    const both = today.netLoss + late.netLoss;
    expect(await check(c)).toMatchObject({
      result: true,
      refundAmount: baht(pct(both, 5)),
      info: {
        periodStart: day2Date,
        turnover: baht(today.turnover),
        netLoss: baht(today.netLoss),
        late: { turnover: baht(late.turnover), result: -baht(late.netLoss) },
        addWallet: { amount: baht(pct(both, 3)) },
      },
    });
    const wallet = await walletAmount(t.app, c.token);
    expect((await call(t.app, 'GET', '/api/refund/addWallet', { token: c.token })).body).toMatchObject({
      refundAmount: baht(pct(both, 3)),
    });
    expect(await walletAmount(t.app, c.token)).toBeCloseTo(wallet + baht(pct(both, 3)), 2);

    // Counted once: the next day has nothing late, and a replayed feed brings nothing back.
    await t.db.query(`update game_bet_cursors set cursor = null where provider = 'PG'`);
    await t.app.pullBets({ provider: 'PG' });
    await nextDay(c);
    expect(await check(c)).toMatchObject({
      result: false,
      info: {
        reason: 'NO_REFUND',
        periodStart: day3Date,
        late: { turnover: 0, result: 0 },
        current: { periodStart: day4Date },
      },
    });
    const claims = await t.db.query<{ amount: string; net_loss: string }>(
      `select c.amount::text as amount, c.net_loss::text as net_loss from refund_claims c
       join members m on m.id = c.member_id where m.public_id = $1 order by c.id`,
      [c.id],
    );
    expect(claims).toEqual([
      { amount: String(pct(day1.netLoss, 3)), net_loss: String(day1.netLoss) },
      { amount: String(pct(both, 3)), net_loss: String(both) },
    ]);
    await expectLedgerSound(t.db);
  });
});
