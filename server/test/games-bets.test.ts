// The bet feed. Spins of the demo game (through its page API) are rounds in the provider's feed; Krapao
// pulls them by cursor into per-member turnover and win/loss by provider and day and into the ledger.
// Pulled twice, resumed after a crash after the provider answered or between pages, pulled by several at
// once, or from a lost cursor: every round counts once. After play, wallet + provider balances =
// deposits - withdrawals + wins - bets, and the ledger balances.
import { describe, expect, it } from 'vitest';
import { toMinor } from '@krapao/contract';
import { httpGames } from '../src/providers/games/http-games.ts';
import type { GameProvider } from '../src/providers/games/games.ts';
import { lineWins, REEL_STRIP, windowAt } from '../src/sim/slot.ts';
import {
  bankTransfer,
  baseUrl,
  call,
  expectLedgerSound,
  onPostgres,
  registerAndLogin,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';
import {
  activate,
  GAME_TEST_ENV,
  gameTransfer,
  setGameMode,
  simBalance,
  transferAll,
} from './games-helpers.ts';
import { openGame, rig, SEVENS, spinMany, spinOnce, sum, type SpinAnswer } from './games-play.ts';

const SECRET = 'games-bets-test-secret-0123456789abcdef';

/** The crash switch: the next bets() call throws once the provider has answered (its page is lost). */
const crash = { afterAnswer: false };
function crashingProvider(): GameProvider {
  const real = httpGames({ baseUrl: () => `${baseUrl(t.app)}/sim/games`, secret: SECRET, timeoutMs: 2_000 });
  return {
    ...real,
    async bets(provider, cursor, limit) {
      const page = await real.bets(provider, cursor, limit);
      if (crash.afterAnswer) {
        crash.afterAnswer = false;
        throw new Error('killed after the provider answered');
      }
      return page;
    },
  };
}

// The periodic pull is off: every pull in this file is the test's own.
const t = useTestApp(
  { ...GAME_TEST_ENV, GAMES_SECRET: SECRET, BET_FEED_EVERY_MS: '0' },
  { deps: { games: crashingProvider() } },
);
const db = onPostgres ? 'PostgreSQL' : 'PGlite';
const feed = () => httpGames({ baseUrl: () => `${baseUrl(t.app)}/sim/games`, secret: SECRET });

/** A member with `deposit` in the wallet, `transfer` of it at `code`, and the game open. */
async function player(code: string, deposit: number, transfer: number) {
  const m = await registerAndLogin(t.app);
  await bankTransfer(t.app, m.reg, deposit);
  expect((await activate(t.app, m.token, code)).status).toBe(200);
  const moved = await gameTransfer(t.app, m.token, { from: 'WALLET', to: code, amount: transfer });
  expect(moved.body).toMatchObject({ status: 'SUCCESS' });
  const game = await openGame(t.app, m.token, code);
  return { ...m, code, deposit, session: game.data!.session, username: game.data!.username };
}

const memberId = async (publicId: string) =>
  String(
    (await t.db.query<{ id: unknown }>('select id from members where public_id = $1', [publicId]))[0]!.id,
  );

/** The member's figures by provider and day, as bonuses and refunds will read them. */
async function statsOf(publicId: string) {
  const rows = await t.db.query<Record<string, unknown>>(
    `select s.provider, to_char(s.day, 'YYYY-MM-DD') as day, s.currency, s.rounds, s.turnover, s.wins, s.win_loss
     from game_daily_stats s join members m on m.id = s.member_id
     where m.public_id = $1 order by s.provider, s.day`,
    [publicId],
  );
  return rows.map((r) => ({
    provider: r.provider,
    day: r.day,
    currency: r.currency,
    rounds: Number(r.rounds),
    turnover: BigInt(r.turnover as string),
    wins: BigInt(r.wins as string),
    winLoss: BigInt(r.win_loss as string),
  }));
}

/** What the spins' answers add up to, for one provider and day. */
const expected = (provider: string, day: string, rounds: SpinAnswer[]) => ({
  provider,
  day,
  currency: 'BAHT',
  rounds: rounds.length,
  turnover: sum(rounds, 'betMinor'),
  wins: sum(rounds, 'winMinor'),
  winLoss: sum(rounds, 'winMinor') - sum(rounds, 'betMinor'),
});

/** The member's game account as the ledger holds it. */
async function ledgerGame(publicId: string, code: string) {
  const [row] = await t.db.query<{ balance: unknown }>(
    `select a.balance from ledger_accounts a join members m on a.code = 'member:' || m.id || ':game:' || $2
     where m.public_id = $1`,
    [publicId, code],
  );
  return BigInt((row?.balance as string | undefined) ?? 0);
}

/**
 * Every round the provider reported is in game_rounds once, and the daily figures are exactly the sum of
 * the rounds (nothing counted twice, nothing missed).
 */
async function expectCountedOnce(provider: string) {
  const reported = (await feed().bets(provider, null, 1_000)).rounds.map((r) => r.roundId).sort();
  const taken = await t.db.query<{ round_id: string }>(
    'select round_id from game_rounds where provider = $1 order by round_id',
    [provider],
  );
  expect(taken.map((r) => r.round_id)).toEqual(reported);
  const drift = await t.db.query(
    `select s.member_id, s.day from game_daily_stats s
     full join (select member_id, day, count(*) as n, sum(bet) as bets, sum(win) as wins from game_rounds
                where provider = $1 and member_id is not null group by member_id, day) r
       on r.member_id = s.member_id and r.day = s.day
     where (s.provider = $1 or s.provider is null)
       and (r.n is distinct from s.rounds or r.bets is distinct from s.turnover
            or r.wins is distinct from s.wins or r.wins - r.bets is distinct from s.win_loss)`,
    [provider],
  );
  expect(drift).toEqual([]);
}

/** The day of play now in Bangkok and Vientiane (UTC+7). */
const today = () => new Date(t.clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/** A stop combination where no line pays. */
const LOSING = (() => {
  for (let i = 0; i < REEL_STRIP.length; i++)
    for (let j = 0; j < REEL_STRIP.length; j++)
      if (!lineWins(windowAt([i, j, j])).length && REEL_STRIP[i] !== 'C') return [i, j, j];
  throw new Error('no losing stops');
})();

const LOSE = [1, 4, 4];

describe(`the bet feed (${db})`, () => {
  it('[games-7] spins through the page become rounds, counted into turnover and win/loss per member, provider and day', async () => {
    const a = await player('PG', 2_000, 1_000);
    const b = await player('JOKER', 1_000, 500);
    // 10:00Z is 17:00 in Bangkok and Vientiane: today's rounds, then, after midnight there, tomorrow's.
    const aToday = await spinMany(t.app, a.session, 2_000n, 4);
    await rig(t.app, 'PG', a.username, [SEVENS]);
    aToday.push(...(await spinMany(t.app, a.session, 1_000n, 1)));
    const bToday = await spinMany(t.app, b.session, 500n, 3);
    // To 00:30 the next day (UTC+7), keeping the sessions in use as a player would.
    for (let i = 0; i < 9; i++) {
      t.clock.advance(50 * 60_000);
      await call(t.app, 'GET', '/api/wallet', { token: a.token });
      await fetch(`${baseUrl(t.app)}/sim/games/sessions/${a.session}`);
    }
    expect(t.clock.now().toISOString()).toBe('2026-11-21T17:30:00.000Z');
    const aTomorrow = await spinMany(t.app, a.session, 1_000n, 3);

    const pulled = await t.app.pullBets();
    expect(pulled.find((p) => p.provider === 'PG')).toMatchObject({ taken: 8, posted: 8 });
    expect(pulled.find((p) => p.provider === 'JOKER')).toMatchObject({ taken: 3, posted: 3 });
    expect(await statsOf(a.id)).toEqual([
      expected('PG', '2026-11-21', aToday),
      expected('PG', '2026-11-22', aTomorrow),
    ]);
    expect(await statsOf(b.id)).toEqual([expected('JOKER', '2026-11-21', bToday)]);
    // The jackpot line is in it: 535 line bets of 2 baht.
    expect(sum(aToday, 'winMinor')).toBeGreaterThanOrEqual(toMinor(1_070));

    // Each round moved the game account in the ledger: it holds what the provider holds.
    expect(await ledgerGame(a.id, 'PG')).toBe(await simBalance(t.app, 'PG', a.username));
    expect(await ledgerGame(b.id, 'JOKER')).toBe(await simBalance(t.app, 'JOKER', b.username));
    const [house] = await t.db.query<{ balance: unknown }>(
      `select balance from ledger_accounts where code = 'house:game:PG:BAHT'`,
    );
    expect(BigInt(house!.balance as string)).toBeLessThanOrEqual(0n); // the house paid the jackpot

    // A second pull finds nothing new and changes nothing.
    expect((await t.app.pullBets()).every((p) => p.taken === 0)).toBe(true);
    expect(await statsOf(a.id)).toHaveLength(2);
    await expectCountedOnce('PG');
    await expectCountedOnce('JOKER');
    await expectLedgerSound(t.db);
  });

  it('[games-7] pulled again, resumed after a crash after the provider answered or between pages, pulled by several at once, or from a lost cursor: every round counts once', async () => {
    const p = await player('SLOTXO', 2_000, 1_000);
    const rounds = await spinMany(t.app, p.session, 1_000n, 7);

    // Killed after the provider answered its second page of three: page one is in, page two is not.
    crash.afterAnswer = false;
    const pull = t.app.pullBets({ provider: 'SLOTXO', pageSize: 3, maxPages: 1 });
    expect((await pull)[0]).toMatchObject({ pages: 1, taken: 3 });
    crash.afterAnswer = true;
    await expect(t.app.pullBets({ provider: 'SLOTXO', pageSize: 3 })).rejects.toThrow(/killed/);
    expect((await statsOf(p.id))[0]!.rounds).toBe(3);
    const [cursor] = await t.db.query<{ cursor: string }>(
      `select cursor from game_bet_cursors where provider = 'SLOTXO'`,
    );
    expect(cursor!.cursor).toBe('3');

    // Resumed one page at a time (killed between pages), then to the end.
    expect((await t.app.pullBets({ provider: 'SLOTXO', pageSize: 3, maxPages: 1 }))[0]!.taken).toBe(3);
    expect((await t.app.pullBets({ provider: 'SLOTXO', pageSize: 3 }))[0]!.taken).toBe(1);
    expect((await t.app.pullBets({ provider: 'SLOTXO' }))[0]!.taken).toBe(0);
    expect(await statsOf(p.id)).toEqual([expected('SLOTXO', today(), rounds)]);

    // A cursor lost (or a provider sending everything again): the rounds are known by their ids.
    await t.db.query(`update game_bet_cursors set cursor = null where provider = 'SLOTXO'`);
    expect((await t.app.pullBets({ provider: 'SLOTXO', pageSize: 2 }))[0]!.taken).toBe(0);
    expect(await statsOf(p.id)).toEqual([expected('SLOTXO', today(), rounds)]);

    // Several pulls at once (two instances, the timer and a transfer): each page is taken by one.
    rounds.push(...(await spinMany(t.app, p.session, 500n, 5)));
    const all = await Promise.all([
      t.app.pullBets({ provider: 'SLOTXO', pageSize: 2 }),
      t.app.pullBets({ provider: 'SLOTXO', pageSize: 3 }),
      t.app.pullBets({ provider: 'SLOTXO' }),
      t.app.pullBets({ provider: 'SLOTXO' }),
    ]);
    expect(all.reduce((n, r) => n + r[0]!.taken, 0)).toBe(5);
    expect(await statsOf(p.id)).toEqual([expected('SLOTXO', today(), rounds)]);
    await expectCountedOnce('SLOTXO');
    expect(await ledgerGame(p.id, 'SLOTXO')).toBe(await simBalance(t.app, 'SLOTXO', p.username));
    await expectLedgerSound(t.db);
  });

  it('[games-7] a round reported before the lost transfer in that funded it has settled waits, and is posted once it has', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1_000);
    expect((await activate(t.app, m.token, 'SUPERSLOT')).status).toBe(200);
    // The provider takes the money but the answer is lost: PENDING at Krapao, spendable at the provider.
    await setGameMode(t.app, 'SUPERSLOT', 'lost');
    const moved = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'SUPERSLOT', amount: 300 });
    expect(moved.body).toMatchObject({ status: 'PENDING' });
    await setGameMode(t.app, 'SUPERSLOT', 'ok');
    const game = await openGame(t.app, m.token, 'SUPERSLOT');
    await rig(t.app, 'SUPERSLOT', game.data!.username, [LOSING, LOSING]);
    const rounds = await spinMany(t.app, game.data!.session, 5_000n, 2);
    expect(sum(rounds, 'winMinor')).toBe(0n);

    // Pulled: counted in turnover, but the ledger's game account holds nothing yet: the rounds wait.
    expect((await t.app.pullBets({ provider: 'SUPERSLOT' }))[0]).toMatchObject({ taken: 2, posted: 0 });
    expect(await statsOf(m.id)).toEqual([expected('SUPERSLOT', today(), rounds)]);
    expect(await ledgerGame(m.id, 'SUPERSLOT')).toBe(0n);
    const waiting = await t.db.query(
      `select round_id from game_rounds where provider = 'SUPERSLOT' and member_id = $1 and not posted`,
      [await memberId(m.id)],
    );
    expect(waiting).toHaveLength(2);
    await expectLedgerSound(t.db);

    // The reconciler settles the transfer (the provider has it: SUCCESS); the next pull posts the rounds.
    const [due] = await t.db.query<{ at: Date }>(
      `select next_check_at as at from game_transfers where provider = 'SUPERSLOT' and status = 'PENDING'`,
    );
    t.clock.advance(Math.max(0, new Date(due!.at).getTime() - t.clock.now().getTime()));
    await t.app.reconcileTransfers();
    expect(await ledgerGame(m.id, 'SUPERSLOT')).toBe(toMinor(300));
    expect((await t.app.pullBets({ provider: 'SUPERSLOT' }))[0]).toMatchObject({ taken: 0, posted: 2 });
    expect(await ledgerGame(m.id, 'SUPERSLOT')).toBe(toMinor(200));
    expect(await simBalance(t.app, 'SUPERSLOT', game.data!.username)).toBe(toMinor(200));
    expect(await statsOf(m.id)).toEqual([expected('SUPERSLOT', today(), rounds)]);
    await expectCountedOnce('SUPERSLOT');
    await expectLedgerSound(t.db);
  });

  it('[TRF-3] transfer all back after a win brings the winnings; wallet + provider = deposits - withdrawals + wins - bets', async () => {
    const p = await player('PGSLOT', 1_000, 100);
    const rounds = await spinMany(t.app, p.session, 500n, 3);
    await rig(t.app, 'PGSLOT', p.username, [SEVENS]);
    rounds.push(...(await spinMany(t.app, p.session, 500n, 1)));
    const held = await simBalance(t.app, 'PGSLOT', p.username);
    expect(held).toBeGreaterThan(toMinor(100)); // the jackpot: 535 line bets of 1 baht

    // No pull first: the transfer out pulls the feed itself, so the winnings are in the ledger.
    const back = await transferAll(t.app, p.token, { from: 'PGSLOT', to: 'WALLET' });
    expect(back.body).toMatchObject({ status: 'SUCCESS', amount: Number(held) / 100 });
    expect(await simBalance(t.app, 'PGSLOT', p.username)).toBe(0n);
    expect(toMinor(await walletAmount(t.app, p.token))).toBe(toMinor(900) + held);

    const out = await withdraw(t.app, p.token, 200);
    expect(out.status).toBe(200);
    const world =
      toMinor(await walletAmount(t.app, p.token)) + (await simBalance(t.app, 'PGSLOT', p.username));
    expect(world).toBe(toMinor(1_000) - toMinor(200) + sum(rounds, 'winMinor') - sum(rounds, 'betMinor'));
    expect(await statsOf(p.id)).toEqual([expected('PGSLOT', today(), rounds)]);
    await expectCountedOnce('PGSLOT');
    await expectLedgerSound(t.db);
  });

  it('[BAL-2] after a whole game balance comes back, the wallet shows what the provider holds (0), not what was lost there', async () => {
    const p = await player('PGSLOT', 1_000, 100);
    // Reel one shows L G B, reel two S C D: no line pays. Three losing spins of 5 baht.
    await rig(t.app, 'PGSLOT', p.username, [LOSE, LOSE, LOSE]);
    await spinMany(t.app, p.session, 500n, 3);
    const held = await simBalance(t.app, 'PGSLOT', p.username);
    expect(held).toBe(toMinor(85));
    const back = await transferAll(t.app, p.token, { from: 'PGSLOT', to: 'WALLET' });
    expect(back.body).toMatchObject({ status: 'SUCCESS', amount: Number(held) / 100 });
    const wallet = await call(t.app, 'GET', '/api/wallet', { token: p.token });
    const slot = (wallet.body.slots as { code: string; amount: number }[]).find((g) => g.code === 'PGSLOT');
    expect(slot?.amount).toBe(0);
    expect(wallet.body.total).toBe((wallet.body.wallet as { amount: number }).amount);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] a transfer out of winnings the feed has not brought in yet pulls the feed first and goes through', async () => {
    const p = await player('CIRCUS', 500, 100);
    await rig(t.app, 'CIRCUS', p.username, [SEVENS]);
    const [jackpot] = await spinMany(t.app, p.session, 500n, 1);
    expect(await ledgerGame(p.id, 'CIRCUS')).toBe(toMinor(100));
    const out = await gameTransfer(t.app, p.token, { from: 'CIRCUS', to: 'WALLET', amount: 600 });
    expect(out.body).toMatchObject({ status: 'SUCCESS', amount: 600 });
    expect(await ledgerGame(p.id, 'CIRCUS')).toBe(
      toMinor(100) - toMinor(5) + BigInt(jackpot!.winMinor) - toMinor(600),
    );
    expect(await ledgerGame(p.id, 'CIRCUS')).toBe(await simBalance(t.app, 'CIRCUS', p.username));
    await expectLedgerSound(t.db);
  });

  it('[games-7] a spin is refused when the provider account cannot cover it, and nothing is counted', async () => {
    const p = await player('IMI', 200, 1);
    const refused = await spinOnce(t.app, p.session, 500n);
    expect(refused.body.code).toBe('INSUFFICIENT_BALANCE');
    await t.app.pullBets({ provider: 'IMI' });
    expect(await statsOf(p.id)).toEqual([]);
  });
});
