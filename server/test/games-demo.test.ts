// The demo game a launch link opens. A slot machine on the simulated aggregator, fair by its paytable
// (the return to player computed exactly from the reel strips), spinning on the server with the provider
// account's money, each spin a round in the provider's bet feed.
import { describe, expect, it } from 'vitest';
import { toMinor } from '@krapao/contract';
import {
  BET_OPTIONS_MINOR,
  exactRtp,
  lineWins,
  LINES,
  REEL_STRIP,
  RTP_DENOMINATOR,
  RTP_NUMERATOR,
  RTP_PERCENT,
  spin,
  THREE_OF_A_KIND,
  windowAt,
} from '../src/sim/slot.ts';
import { httpGames } from '../src/providers/games/http-games.ts';
import {
  baseUrl,
  bankTransfer,
  eventually,
  expectLedgerSound,
  onPostgres,
  registerAndLogin,
  useTestApp,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer, simBalance } from './games-helpers.ts';
import { openGame, rig, SEVENS, spinMany, spinOnce } from './games-play.ts';

const SECRET = 'games-demo-test-secret-0123456789abcdef';
// The periodic pull on, every 200 ms, to see it work on its own.
const t = useTestApp({ ...GAME_TEST_ENV, GAMES_SECRET: SECRET, BET_FEED_EVERY_MS: '200' });
const db = onPostgres ? 'PostgreSQL' : 'PGlite';

async function player(deposit: number, transfer: number, code = 'PG') {
  const m = await registerAndLogin(t.app);
  await bankTransfer(t.app, m.reg, deposit);
  expect((await activate(t.app, m.token, code)).status).toBe(200);
  const moved = await gameTransfer(t.app, m.token, { from: 'WALLET', to: code, amount: transfer });
  expect(moved.body).toMatchObject({ status: 'SUCCESS' });
  return m;
}

describe('the demo slot: its mathematics', () => {
  it('[games-6] the stated return to player is the exact one of the paytable and reel strips (every stop enumerated)', () => {
    const rtp = exactRtp();
    expect({ n: rtp.numerator, d: rtp.denominator }).toEqual({ n: RTP_NUMERATOR, d: RTP_DENOMINATOR });
    // 18,896 / 19,683 = 96.0016...%: about 96%, as stated on the page.
    const basisPoints = Number((rtp.numerator * 1_000_000n) / rtp.denominator) / 10_000;
    expect(basisPoints).toBeGreaterThan(95.5);
    expect(basisPoints).toBeLessThan(96.5);
    expect(basisPoints.toFixed(2)).toBe(RTP_PERCENT);
  });

  it('[games-6] a spin pays what the paytable says, line by line, and every bet option divides into five whole line bets', () => {
    // Stops 11,11,11: top row lemons (x15), middle sevens (x500), bottom grapes (x20).
    const grid = windowAt(SEVENS);
    expect(grid.map((row) => row.join(''))).toEqual(['LLL', '777', 'GGG']);
    expect(lineWins(grid).map((w) => [w.line, w.symbol, w.multiplier])).toEqual([
      [0, '7', 500],
      [1, 'L', 15],
      [2, 'G', 20],
    ]);
    const stops = [...SEVENS];
    const result = spin(500n, () => stops.shift()!);
    expect(result.winMinor).toBe(100n * BigInt(500 + 15 + 20)); // a line bets 500 / 5 = 100
    // A cherry on the left of a line pays x1; two x4; three x10.
    const cherry = REEL_STRIP.indexOf('C');
    const noCherryAfter = REEL_STRIP.findIndex((s, i) => i > 0 && s !== 'C' && REEL_STRIP[i - 1] !== 'C');
    expect(lineWins(windowAt([cherry, noCherryAfter, noCherryAfter])).some((w) => w.count === 1)).toBe(true);
    expect(THREE_OF_A_KIND.C).toBe(10);
    for (const options of Object.values(BET_OPTIONS_MINOR))
      for (const bet of options) expect(bet % BigInt(LINES.length)).toBe(0n);
  });

  it('[games-6] the stops come from the cryptographic source, uniformly over the strip', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) for (const s of spin(100n).stops) seen.add(s);
    expect(seen.size).toBe(REEL_STRIP.length);
  });
});

describe(`the demo slot: played through its page (${db})`, () => {
  it('[games-6] the launch link opens the slot page in the member’s language, once; its script and style are served', async () => {
    const m = await player(1_000, 300);
    const lao = await openGame(t.app, m.token, 'PG', 'lo-LA,lo;q=0.9');
    expect(lao.status).toBe(200);
    expect(lao.headers.get('content-type')).toMatch(/text\/html/);
    expect(lao.html).toContain('<html lang="lo">');
    expect(lao.html).toContain('ສະລັອດທົດລອງ'); // "demo slot" in Lao script
    expect(lao.html).toContain(`${RTP_PERCENT}%`);
    expect(lao.data).toMatchObject({
      provider: 'PG',
      currency: 'BAHT',
      language: 'la',
      balanceMinor: '30000',
    });
    // The link works once.
    expect((await fetch(lao.link)).status).toBe(410);

    // The game's way back leads to the member's home on Krapao (a member in the installed app has no
    // browser bar to leave by), in the member's language.
    const back = /<a class="back" href="([^"]+)" data-t="back">([^<]+)<\/a>/.exec(lao.html);
    // On the site the member called (the test's requests come to localhost), not the server's own
    // loopback address, where the member's sign-in is not.
    expect(back![1]).toBe('http://localhost/user/home');
    expect(back![2]).toBe('ກັບໄປກະເປົາ');

    const thai = await openGame(t.app, m.token, 'PG', 'th-TH');
    expect(thai.html).toContain('สล็อตทดลอง');
    expect(thai.html).toContain('data-t="back">กลับกระเป๋า</a>');
    const english = await openGame(t.app, m.token, 'PG', 'en-US,en;q=0.8');
    expect(english.html).toContain('Demo slot');
    expect(english.html).toContain('Return to player 96.00%');

    for (const [asset, type] of [
      ['slot.js', 'javascript'],
      ['slot.css', 'css'],
    ] as const) {
      const res = await fetch(new URL(`../${asset}`, english.link));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
    }
    // Nothing inline runs: the page's data is JSON, its script a file of this origin (the CSP allows no more).
    expect(english.html).not.toMatch(/<script(?![^>]*(application\/json|src=))/);
  });

  it("[care] the slot page's Thai and Lao fonts are served beside its style, which draws its words in them", async () => {
    const css = await (await fetch(`${baseUrl(t.app)}/sim/games/slot.css`)).text();
    for (const [file, family] of [
      ['noto-sans-thai.woff2', 'Noto Sans Thai'],
      ['noto-sans-lao.woff2', 'Noto Sans Lao'],
    ] as const) {
      expect(css).toContain(`font-family:"${family}"`);
      expect(css).toContain(`url("fonts/${file}")`);
      const res = await fetch(`${baseUrl(t.app)}/sim/games/fonts/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('font/woff2');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('wOF2');
    }
    expect(css).toMatch(/body\{font-family:"Noto Sans Thai","Noto Sans Lao",/);
    expect((await fetch(`${baseUrl(t.app)}/sim/games/fonts/other.woff2`)).status).toBe(404);
  });

  it('[games-6] spins on the server move the provider account and each is a round in the bet feed (round id, member, bet, win, time)', async () => {
    const m = await player(1_000, 200);
    const game = await openGame(t.app, m.token, 'PG');
    const username = game.data!.username;
    const before = await simBalance(t.app, 'PG', username);
    expect(before).toBe(toMinor(200));

    const rounds = await spinMany(t.app, game.data!.session, 1_000n, 5);
    await rig(t.app, 'PG', username, [SEVENS]);
    const jackpot = await spinOnce(t.app, game.data!.session, 500n);
    expect(jackpot.status).toBe(200);
    expect(jackpot.body.winMinor).toBe(String(100n * 535n));
    expect(jackpot.body.wins.map((w) => w.symbol)).toEqual(['7', 'L', 'G']);
    rounds.push(jackpot.body);

    let expected = before;
    for (const r of rounds) {
      expected += BigInt(r.winMinor) - BigInt(r.betMinor);
      expect(r.roundId).toMatch(/^R[0-9a-f]{20}$/);
    }
    expect(BigInt(rounds.at(-1)!.balanceMinor)).toBe(expected);
    expect(await simBalance(t.app, 'PG', username)).toBe(expected);

    // The provider's feed, read as Krapao reads it (signed): these rounds, in order, with their figures.
    const api = httpGames({ baseUrl: () => `${baseUrl(t.app)}/sim/games`, secret: SECRET });
    const feed = await api.bets('PG', null, 1_000);
    const mine = feed.rounds.filter((r) => r.username === username);
    expect(mine.map((r) => [r.roundId, r.betMinor, r.winMinor])).toEqual(
      rounds.map((r) => [r.roundId, BigInt(r.betMinor), BigInt(r.winMinor)]),
    );
    for (const r of mine) expect(r.at.toISOString()).toBe(t.clock.now().toISOString());

    // A bet above the balance, or not on the bet list, moves nothing and makes no round.
    const broke = await player(200, 1);
    const small = await openGame(t.app, broke.token, 'PG');
    expect((await spinOnce(t.app, small.data!.session, 200n)).body.code).toBe('INSUFFICIENT_BALANCE');
    expect((await spinOnce(t.app, small.data!.session, 123n)).body.code).toBe('BAD_BET');
    expect(
      (await api.bets('PG', null, 1_000)).rounds.filter((r) => r.username === small.data!.username),
    ).toEqual([]);
    expect((await spinOnce(t.app, 'no-such-session', 100n)).status).toBe(410);
  });

  it('[games-7] the periodic pull brings the rounds into turnover and the ledger on its own', async () => {
    const m = await player(1_000, 100);
    const game = await openGame(t.app, m.token, 'PG');
    const rounds = await spinMany(t.app, game.data!.session, 500n, 4);
    const stats = await eventually(
      () =>
        t.db.query<{ rounds: number; turnover: unknown }>(
          `select s.rounds, s.turnover from game_daily_stats s join members m on m.id = s.member_id
           where m.public_id = $1 and s.provider = 'PG'`,
          [m.id],
        ),
      (rows) => Number(rows[0]?.rounds ?? 0) === rounds.length,
    );
    expect(stats.map((s) => [Number(s.rounds), BigInt(s.turnover as string)])).toEqual([[4, 2_000n]]);
    await expectLedgerSound(t.db);
  });
});
