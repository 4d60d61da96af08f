// BAL-2, HOME-1: the wallet lists every provider with the member's last known balance there; a refresh
// asks every provider at once, each for at most GAME_BALANCE_TIMEOUT_MS.
import { describe, expect, it } from 'vitest';
import {
  bankTransfer,
  call,
  expectLedgerSound,
  onPostgres,
  registerAndLogin,
  useTestApp,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer, setGameMode, walletOf } from './games-helpers.ts';

const t = useTestApp(GAME_TEST_ENV);
const BALANCE_TIMEOUT_MS = Number(GAME_TEST_ENV.GAME_BALANCE_TIMEOUT_MS);

describe(`game balances (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('[BAL-1] [HOME-1] the wallet lists the slots with their balances; the total is wallet + games', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1_000);
    for (const p of ['PG', 'UFABET', 'HUAYHD']) await activate(t.app, m.token, p);
    await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 250.25 });
    await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'UFABET', amount: 100 });
    const w = await walletOf(t.app, m.token);
    expect(w.wallet.amount).toBe(649.75);
    expect(w.total).toBe(1_000);
    expect(w.slots.filter((s) => s.active).map((s) => [s.code, s.category, s.amount])).toEqual([
      ['UFABET', 'sport', 100],
      ['PG', 'slot', 250.25],
      ['HUAYHD', 'lotto', 0],
    ]);
  });

  it('[BAL-2] a refresh with one provider slow 10 s returns within the per-provider timeout, that balance kept and marked stale', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 500);
    const providers = ['JOKER', 'PG', 'SLOTXO', 'PGSLOT'];
    for (const p of providers) {
      await activate(t.app, m.token, p);
      await gameTransfer(t.app, m.token, { from: 'WALLET', to: p, amount: 100 });
    }
    const slowMs = 10_000;
    await setGameMode(t.app, 'JOKER', 'slow', slowMs);
    const started = Date.now();
    const refreshed = await call(t.app, 'GET', '/api/wallet/refresh/slot', { token: m.token });
    expect(refreshed.status).toBe(200);
    // Not a timed bar (a busy machine makes any request slow): an answer before the slow provider's
    // is one that did not wait for it, and its balance marked stale below is the timeout's doing.
    expect(Date.now() - started).toBeLessThan(slowMs);
    const slots = refreshed.body.slots as Array<{ code: string; amount: number; stale: boolean }>;
    expect(slots.find((s) => s.code === 'JOKER')).toMatchObject({ amount: 100, stale: true });
    for (const p of providers.slice(1))
      expect(slots.find((s) => s.code === p)).toMatchObject({ amount: 100, stale: false });
    expect(refreshed.body.total).toBe(500);
    expect(refreshed.body.lastSyncAt).toBe(t.clock.now().toISOString());

    await setGameMode(t.app, 'JOKER', 'ok');
    const again = await call(t.app, 'GET', '/api/wallet/refresh/slot', { token: m.token });
    expect(
      (again.body.slots as Array<{ code: string; stale: boolean }>).find((s) => s.code === 'JOKER')?.stale,
    ).toBe(false);
    await expectLedgerSound(t.db);
  });

  it('[BAL-2] a refresh with every provider down still answers within one timeout', async () => {
    const m = await registerAndLogin(t.app);
    const providers = ['AREASLOT', 'CIRCUS', 'SLOTRACHA'];
    for (const p of providers) await activate(t.app, m.token, p);
    for (const p of providers) await setGameMode(t.app, p, 'timeout');
    const started = Date.now();
    const refreshed = await call(t.app, 'GET', '/api/wallet/refresh/slot', { token: m.token });
    // Asked at once, not one after another: in turn, each waiting out its timeout, they would take at
    // least this long. (The gap, not a tight bound, so that a busy machine's slowness cannot fail it.)
    expect(Date.now() - started).toBeLessThan(providers.length * BALANCE_TIMEOUT_MS);
    for (const p of providers) {
      expect(
        (refreshed.body.slots as Array<{ code: string; stale: boolean }>).find((s) => s.code === p)?.stale,
      ).toBe(true);
      await setGameMode(t.app, p, 'ok');
    }
  });
});
