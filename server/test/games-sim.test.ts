// The simulated game aggregator, reached through the same adapter a real provider would be
// (providers/games/http-games.ts): signed calls, a reference taken once, status by reference, the fault
// switch, launch links that work once and for under a minute.
import { describe, expect, it } from 'vitest';
import { GAME_PROVIDERS } from '@krapao/contract';
import { GAME_PROVIDER_SEED } from '../src/db/seed.ts';
import { httpGames } from '../src/providers/games/http-games.ts';
import { GameProviderError } from '../src/providers/games/games.ts';
import { baseUrl, useTestApp } from './helpers.ts';
import { setGameMode, simAccounts } from './games-helpers.ts';

const SECRET = 'games-sim-test-secret-0123456789abcdef';
const t = useTestApp({ GAMES_SECRET: SECRET });
const api = (secret = SECRET, timeoutMs = 1_000) =>
  httpGames({ baseUrl: () => `${baseUrl(t.app)}/sim/games`, secret, timeoutMs });

describe('simulated game aggregator', () => {
  it('[GAME-2] serves all 16 providers of the spec, each seeded with a category, links, artwork and the iframe setting', async () => {
    expect(GAME_PROVIDER_SEED.map((p) => p.code).sort()).toEqual([...GAME_PROVIDERS].sort());
    const rows = await t.db.query<{
      code: string;
      category: string;
      logo: string;
      web: string;
      active: boolean;
    }>('select code, category, logo, web, active from game_providers order by sort');
    expect(rows.map((r) => r.code)).toEqual([...GAME_PROVIDERS]);
    for (const r of rows) {
      expect(['slot', 'sport', 'lotto']).toContain(r.category);
      expect(r.logo).toBe(`/games/${r.code}.webp`);
      expect(r.web).toMatch(/^https:\/\//);
      expect(r.active).toBe(true);
    }
    for (const [i, provider] of GAME_PROVIDERS.entries()) {
      await api().createAccount({ provider, username: `sim${i}`, password: 'pass-word-1', currency: 'BAHT' });
    }
    const accounts = await simAccounts(t.app);
    expect(new Set(accounts.map((a) => a.provider))).toEqual(new Set(GAME_PROVIDERS));
  });

  it('[TRF-2] a transfer is taken once per reference; status by reference answers SUCCESS, FAILED or NOT_FOUND', async () => {
    const a = { provider: 'PG', username: 'simref', currency: 'BAHT' as const };
    await api().createAccount({ ...a, password: 'pass-word-1' });
    const move = (reference: string, direction: 'IN' | 'OUT', amountMinor: bigint) =>
      api().transfer({ ...a, reference, direction, amountMinor });
    expect(await move('R1', 'IN', 10_000n)).toEqual({ outcome: 'SUCCESS' });
    expect(await move('R1', 'IN', 10_000n)).toEqual({ outcome: 'DUPLICATE', code: 'DUPLICATE_REFERENCE' });
    expect(await api().balance(a)).toBe(10_000n);
    expect(await move('R2', 'OUT', 20_000n)).toEqual({ outcome: 'FAILED', code: 'INSUFFICIENT_BALANCE' });
    expect(await api().transferStatus('PG', 'R1')).toBe('SUCCESS');
    expect(await api().transferStatus('PG', 'R2')).toBe('FAILED');
    expect(await api().transferStatus('PG', 'R3')).toBe('NOT_FOUND');
    // A kip transfer into a baht account is refused: the provider account has one currency.
    expect(
      await api().transfer({ ...a, currency: 'LAK', reference: 'R4', direction: 'IN', amountMinor: 1n }),
    ).toEqual({
      outcome: 'FAILED',
      code: 'CURRENCY_MISMATCH',
    });
  });

  it('[TRF-2] refuses a call that is not signed with the shared key', async () => {
    await expect(
      api('not-the-key-0123456789').balance({ provider: 'PG', username: 'simref' }),
    ).rejects.toEqual(new GameProviderError('FAILED', 'INVALID_SIGNATURE'));
    const unsigned = await fetch(`${baseUrl(t.app)}/sim/games/PG/members/simref/balance`);
    expect(unsigned.status).toBe(401);
  });

  it('[TRF-2] the fault switch: fail refuses, timeout never answers and applies nothing, lost applies and loses the answer, slow answers late', async () => {
    const a = { provider: 'JOKER', username: 'simfault', currency: 'BAHT' as const };
    await api().createAccount({ ...a, password: 'pass-word-1' });
    const move = (reference: string) =>
      api().transfer({ ...a, reference, direction: 'IN', amountMinor: 100n });

    await setGameMode(t.app, 'JOKER', 'fail');
    expect((await move('F1')).outcome).toBe('FAILED');
    await setGameMode(t.app, 'JOKER', 'timeout');
    const started = Date.now();
    expect((await move('F2')).outcome).toBe('UNKNOWN');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await setGameMode(t.app, 'JOKER', 'lost');
    expect((await move('F3')).outcome).toBe('UNKNOWN');
    await setGameMode(t.app, 'JOKER', 'slow', 300);
    expect((await move('F4')).outcome).toBe('SUCCESS');
    await setGameMode(t.app, 'JOKER', 'ok');
    expect(await api().transferStatus('JOKER', 'F1')).toBe('FAILED');
    expect(await api().transferStatus('JOKER', 'F2')).toBe('NOT_FOUND');
    expect(await api().transferStatus('JOKER', 'F3')).toBe('SUCCESS');
    expect(await api().balance(a)).toBe(200n);
  });

  it('[GAME-2] a launch link opens once and expires within a minute', async () => {
    const a = { provider: 'HUAYHD', username: 'simlaunch' };
    await api().createAccount({ ...a, password: 'pass-word-1', currency: 'BAHT' });
    const first = await api().launchUrl(a);
    const opened = await fetch(first);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('simlaunch');
    expect((await fetch(first)).status).toBe(410);
    const second = await api().launchUrl(a);
    t.clock.advance(61_000);
    expect((await fetch(second)).status).toBe(410);
  });

  it("[GAME-2] a launch's return URL is the game's way back, on its page and on an expired link's; only a web address is taken", async () => {
    const a = { provider: 'PG', username: 'simreturn' };
    await api().createAccount({ ...a, password: 'pass-word-1', currency: 'BAHT' });
    const home = 'https://wallet.example/user/home?from="game"';
    const link = await api().launchUrl({ ...a, language: 'la', returnUrl: home });
    const back = '<a class="back" href="https://wallet.example/user/home?from=&#34;game&#34;" data-t="back">';
    expect(await (await fetch(link)).text()).toContain(`${back}ກັບໄປກະເປົາ</a>`);
    // The link is spent: its page says so and still leads back.
    const spent = await fetch(link);
    expect(spent.status).toBe(410);
    expect(await spent.text()).toContain(`${back}ກັບໄປກະເປົາ</a>`);
    // A launch without one has no way back to draw.
    expect(await (await fetch(await api().launchUrl(a))).text()).not.toContain('class="back"');
    // A script's address is no way back: the launch is refused.
    const refused = await api()
      .launchUrl({ ...a, returnUrl: 'javascript:alert(1)' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GameProviderError);
  });

  it('[GAME-2] the bet feed pages by cursor', async () => {
    const feed = await api().bets('PG', null, 10);
    expect(feed).toEqual({ rounds: [], next: '0' });
  });
});
