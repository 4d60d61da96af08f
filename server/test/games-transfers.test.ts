// TRF-1..TRF-4: transfers between the wallet and the simulated providers, in every fault mode of the
// provider, and the reconciler that settles what the provider did not answer. After each, the ledger
// balances and the money the world holds (wallet + provider accounts) is what was deposited.
import { describe, expect, it } from 'vitest';
import { toMinor } from '@krapao/contract';
import {
  bankTransfer,
  call,
  eventually,
  expectLedgerSound,
  newKey,
  onPostgres,
  registerAndLogin,
  useTestApp,
  walletAmount,
} from './helpers.ts';
import {
  activate,
  GAME_TEST_ENV,
  gameTransfer,
  setGameMode,
  simBalance,
  slotAmount,
  transferAll,
  walletOf,
} from './games-helpers.ts';

const t = useTestApp(GAME_TEST_ENV);
const db = onPostgres ? 'PostgreSQL' : 'PGlite';

/** A member with `deposit` baht in the wallet and an account at each of `providers`. */
async function member(deposit: number, providers: string[] = ['PG']) {
  const m = await registerAndLogin(t.app);
  if (deposit > 0) await bankTransfer(t.app, m.reg, deposit);
  const usernames: Record<string, string> = {};
  for (const p of providers) {
    const res = await activate(t.app, m.token, p);
    expect(res.status).toBe(200);
    usernames[p] = res.body.username as string;
  }
  return { ...m, usernames };
}

/** Everything the member has, counted as the world sees it: the wallet at Krapao and the provider accounts. */
async function worldTotal(m: Awaited<ReturnType<typeof member>>) {
  let total = toMinor(await walletAmount(t.app, m.token));
  for (const [p, u] of Object.entries(m.usernames)) total += await simBalance(t.app, p, u);
  return total;
}

/**
 * Runs the reconciler until no transfer is pending (or `rounds` looks), each time moving the clock to
 * when the next one is due: its backoff, never more (a member's session would expire).
 */
async function reconcileAll(rounds = 12) {
  for (let i = 0; i < rounds; i++) {
    const [next] = await t.db.query<{ at: Date | null }>(
      `select min(next_check_at) as at from game_transfers where status = 'PENDING'`,
    );
    if (!next?.at) return;
    const wait = new Date(next.at).getTime() - t.clock.now().getTime();
    if (wait > 0) t.clock.advance(wait);
    await t.app.reconcileTransfers();
  }
}

const transferStatus = async (reference: string) => {
  const [row] = await t.db.query<{ status: string }>(
    'select status from game_transfers where reference = $1',
    [reference],
  );
  return row?.status;
};

describe(`game transfers (${db})`, () => {
  it('[TRF-2] moves money into a game and back; the provider holds what the ledger says', async () => {
    const m = await member(1_000);
    const into = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 300 });
    expect(into.status).toBe(200);
    expect(into.body).toMatchObject({
      from: 'WALLET',
      to: 'PG',
      amount: 300,
      status: 'SUCCESS',
      wallet: 700,
    });
    expect(await simBalance(t.app, 'PG', m.usernames.PG!)).toBe(30_000n);
    expect(await slotAmount(t.app, m.token, 'PG')).toBe(300);
    const w = await walletOf(t.app, m.token);
    expect(w.total).toBe(1_000);
    const back = await gameTransfer(t.app, m.token, { from: 'PG', to: 'WALLET', amount: 120.5 });
    expect(back.body).toMatchObject({ status: 'SUCCESS', wallet: 820.5 });
    expect(await simBalance(t.app, 'PG', m.usernames.PG!)).toBe(17_950n);
    expect(await worldTotal(m)).toBe(100_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] a provider that refuses (fail) answers TRANSFER_FAIL at once with the money back, both ways', async () => {
    const m = await member(500, ['PG', 'JOKER']);
    await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'JOKER', amount: 100 });
    await setGameMode(t.app, 'JOKER', 'fail');
    const into = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'JOKER', amount: 50 });
    expect(into).toEqual({ status: 502, body: { message: 'TRANSFER_FAIL' } });
    const out = await gameTransfer(t.app, m.token, { from: 'JOKER', to: 'WALLET', amount: 40 });
    expect(out).toEqual({ status: 502, body: { message: 'TRANSFER_FAIL' } });
    await setGameMode(t.app, 'JOKER', 'ok');
    const w = await walletOf(t.app, m.token);
    expect(w.wallet.amount).toBe(400);
    expect(w.pendingTransfers).toBe(0);
    expect(await simBalance(t.app, 'JOKER', m.usernames.JOKER!)).toBe(10_000n);
    expect(await worldTotal(m)).toBe(50_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] timeout in: the transfer stays pending (processing), and the reconciler sends it again under the same reference once the provider answers', async () => {
    const m = await member(500, ['PGSLOT']);
    await setGameMode(t.app, 'PGSLOT', 'timeout');
    const into = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PGSLOT', amount: 200 });
    expect(into.body).toMatchObject({ status: 'PENDING', wallet: 300 });
    const w = await walletOf(t.app, m.token);
    expect(w.pendingTransfers).toBe(200);
    expect(w.total).toBe(500);
    expect(await simBalance(t.app, 'PGSLOT', m.usernames.PGSLOT!)).toBe(0n);
    // Still down: asking changes nothing, and the money is not returned while it might yet arrive.
    t.clock.advance(60_000);
    await t.app.reconcileTransfers();
    expect(await transferStatus(into.body.transferId as string)).toBe('PENDING');
    await setGameMode(t.app, 'PGSLOT', 'ok');
    await reconcileAll();
    expect(await transferStatus(into.body.transferId as string)).toBe('SUCCESS');
    expect(await simBalance(t.app, 'PGSLOT', m.usernames.PGSLOT!)).toBe(20_000n);
    expect((await walletOf(t.app, m.token)).pendingTransfers).toBe(0);
    expect(await worldTotal(m)).toBe(50_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] timeout in, and the provider never got it and refuses it when sent again: the money is back in the wallet', async () => {
    const m = await member(300, ['SLOTXO']);
    await setGameMode(t.app, 'SLOTXO', 'timeout');
    const into = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'SLOTXO', amount: 100 });
    expect(into.body.status).toBe('PENDING');
    // The provider answers again, knows nothing of the reference (NOT_FOUND) and refuses it when resent.
    await setGameMode(t.app, 'SLOTXO', 'fail');
    await reconcileAll();
    expect(await transferStatus(into.body.transferId as string)).toBe('FAILED');
    await setGameMode(t.app, 'SLOTXO', 'ok');
    expect(await walletAmount(t.app, m.token)).toBe(300);
    expect(await worldTotal(m)).toBe(30_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] lost in: the provider holds the money, so the reconciler posts it and never returns it', async () => {
    const m = await member(500, ['CIRCUS']);
    await setGameMode(t.app, 'CIRCUS', 'lost');
    const into = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'CIRCUS', amount: 250 });
    expect(into.body).toMatchObject({ status: 'PENDING', wallet: 250 });
    expect(await simBalance(t.app, 'CIRCUS', m.usernames.CIRCUS!)).toBe(25_000n);
    await reconcileAll();
    expect(await transferStatus(into.body.transferId as string)).toBe('SUCCESS');
    await setGameMode(t.app, 'CIRCUS', 'ok');
    expect(await walletAmount(t.app, m.token)).toBe(250);
    expect(await slotAmount(t.app, m.token, 'CIRCUS')).toBe(250);
    expect(await worldTotal(m)).toBe(50_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] timeout and lost out: pending until the reconciler learns the outcome, then credited to the wallet once', async () => {
    const m = await member(600, ['IMI', 'USUN']);
    await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'IMI', amount: 200 });
    await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'USUN', amount: 200 });
    await setGameMode(t.app, 'IMI', 'timeout');
    await setGameMode(t.app, 'USUN', 'lost');
    const outImi = await gameTransfer(t.app, m.token, { from: 'IMI', to: 'WALLET', amount: 150 });
    const outUsun = await gameTransfer(t.app, m.token, { from: 'USUN', to: 'WALLET', amount: 120 });
    expect(outImi.body).toMatchObject({ status: 'PENDING', wallet: 200 });
    expect(outUsun.body).toMatchObject({ status: 'PENDING', wallet: 200 });
    expect(await simBalance(t.app, 'USUN', m.usernames.USUN!)).toBe(8_000n);
    await setGameMode(t.app, 'IMI', 'ok');
    await reconcileAll();
    await reconcileAll();
    expect(await transferStatus(outImi.body.transferId as string)).toBe('SUCCESS');
    expect(await transferStatus(outUsun.body.transferId as string)).toBe('SUCCESS');
    await setGameMode(t.app, 'USUN', 'ok');
    expect(await walletAmount(t.app, m.token)).toBe(470);
    expect(await simBalance(t.app, 'IMI', m.usernames.IMI!)).toBe(5_000n);
    expect(await simBalance(t.app, 'USUN', m.usernames.USUN!)).toBe(8_000n);
    expect(await worldTotal(m)).toBe(60_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] slow: an answer within the call timeout settles at once; a later one stays pending and is settled by status (PROCESSING meanwhile)', async () => {
    const m = await member(500, ['AREASLOT']);
    await setGameMode(t.app, 'AREASLOT', 'slow', 100);
    const quick = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'AREASLOT', amount: 100 });
    expect(quick.body.status).toBe('SUCCESS');
    await setGameMode(t.app, 'AREASLOT', 'slow', 3_500);
    const late = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'AREASLOT', amount: 100 });
    expect(late.body.status).toBe('PENDING');
    // The provider answers status at once again, but is still working on the transfer: PROCESSING.
    await setGameMode(t.app, 'AREASLOT', 'ok');
    t.clock.advance(60_000);
    await t.app.reconcileTransfers();
    expect(await transferStatus(late.body.transferId as string)).toBe('PENDING');
    // It finishes on its own; the reconciler learns SUCCESS by reference.
    await eventually(
      () => simBalance(t.app, 'AREASLOT', m.usernames.AREASLOT!),
      (b) => b === 20_000n,
    );
    await reconcileAll();
    expect(await transferStatus(late.body.transferId as string)).toBe('SUCCESS');
    expect(await worldTotal(m)).toBe(50_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-4] TRANSFER_MINIMUM, NO_GAME and MONEY_NOT_ENOUGH move nothing', async () => {
    const m = await member(100, ['PG']);
    const entries = async () =>
      Number((await t.db.query<{ n: unknown }>('select count(*) as n from journal_entries'))[0]!.n);
    const transfers = async () =>
      Number((await t.db.query<{ n: unknown }>('select count(*) as n from game_transfers'))[0]!.n);
    const before = { entries: await entries(), transfers: await transfers() };
    expect((await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 0.5 })).body).toEqual({
      message: 'TRANSFER_MINIMUM',
    });
    expect((await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'NOPE', amount: 10 })).body).toEqual({
      message: 'NO_GAME',
    });
    // A provider of the list where the member has no account.
    expect((await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'JOKER', amount: 10 })).body).toEqual({
      message: 'NO_GAME',
    });
    expect((await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 100.01 })).body).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
    expect((await gameTransfer(t.app, m.token, { from: 'PG', to: 'WALLET', amount: 1 })).body).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
    expect((await transferAll(t.app, m.token, { to: 'WALLET', from: 'PG' })).body).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
    expect((await gameTransfer(t.app, m.token, { from: 'PG', to: 'PG', amount: 1 })).status).toBe(400);
    expect({ entries: await entries(), transfers: await transfers() }).toEqual(before);
    expect(await walletAmount(t.app, m.token)).toBe(100);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] a replay under the same Idempotency-Key moves once and answers the same transfer; another body is refused', async () => {
    const m = await member(300, ['PG']);
    const key = newKey();
    const first = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 100 }, key);
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 100 }, key),
      ),
    );
    for (const a of again) expect(a.body.transferId).toBe(first.body.transferId);
    expect(await walletAmount(t.app, m.token)).toBe(200);
    expect(await simBalance(t.app, 'PG', m.usernames.PG!)).toBe(10_000n);
    const other = await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 50 }, key);
    expect(other).toEqual({ status: 422, body: { message: 'IDEMPOTENCY_KEY_REUSED' } });
    // A refused transfer's replay is refused the same way, and moves nothing either.
    await setGameMode(t.app, 'PG', 'fail');
    const failKey = newKey();
    expect(
      (await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 10 }, failKey)).body,
    ).toEqual({
      message: 'TRANSFER_FAIL',
    });
    await setGameMode(t.app, 'PG', 'ok');
    expect(
      (await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 10 }, failKey)).body,
    ).toEqual({
      message: 'TRANSFER_FAIL',
    });
    expect(await walletAmount(t.app, m.token)).toBe(200);
    expect(await worldTotal(m)).toBe(30_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] 50 concurrent transfers out of one wallet to several providers never overdraw it', async () => {
    const providers = ['JOKER', 'BETFLIX', 'SUPERSLOT', 'SLOTRACHA'];
    const m = await member(1_000, providers);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        gameTransfer(t.app, m.token, { from: 'WALLET', to: providers[i % providers.length]!, amount: 30 }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(33);
    // Under this load a provider's answer may come after the call's timeout: those settle by reference.
    await reconcileAll();
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.message))).toEqual(
      new Set(['MONEY_NOT_ENOUGH']),
    );
    expect(await walletAmount(t.app, m.token)).toBe(10);
    let games = 0n;
    for (const p of providers) games += await simBalance(t.app, p, m.usernames[p]!);
    expect(games).toBe(99_000n);
    expect(await worldTotal(m)).toBe(100_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-3] transferAll moves the whole wallet to a game, and the whole game back', async () => {
    const m = await member(432.1, ['PG']);
    const all = await transferAll(t.app, m.token, { to: 'PG' });
    expect(all.body).toMatchObject({ from: 'WALLET', to: 'PG', amount: 432.1, status: 'SUCCESS', wallet: 0 });
    expect(await simBalance(t.app, 'PG', m.usernames.PG!)).toBe(43_210n);
    expect((await transferAll(t.app, m.token, { to: 'PG' })).body).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    const key = newKey();
    const back = await transferAll(t.app, m.token, { to: 'WALLET', from: 'PG' }, key);
    expect(back.body).toMatchObject({
      from: 'PG',
      to: 'WALLET',
      amount: 432.1,
      status: 'SUCCESS',
      wallet: 432.1,
    });
    const replay = await transferAll(t.app, m.token, { to: 'WALLET', from: 'PG' }, key);
    expect(replay.body.transferId).toBe(back.body.transferId);
    expect(await walletAmount(t.app, m.token)).toBe(432.1);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] game to game goes through the wallet in two legs, one statement line; the settled transfer reaches the member as a wallet event', async () => {
    const m = await member(500, ['PG', 'JOKER']);
    await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 300 });
    t.clock.advance(1_000);
    const g2g = await gameTransfer(t.app, m.token, { from: 'PG', to: 'JOKER', amount: 120 });
    expect(g2g.body).toMatchObject({ from: 'PG', to: 'JOKER', amount: 120, status: 'SUCCESS', wallet: 200 });
    expect(await simBalance(t.app, 'PG', m.usernames.PG!)).toBe(18_000n);
    expect(await simBalance(t.app, 'JOKER', m.usernames.JOKER!)).toBe(12_000n);

    // A second leg the provider does not answer: the whole transfer is in progress until it settles.
    await setGameMode(t.app, 'JOKER', 'lost');
    t.clock.advance(1_000);
    const pending = await gameTransfer(t.app, m.token, { from: 'PG', to: 'JOKER', amount: 80 });
    expect(pending.body.status).toBe('PENDING');
    await setGameMode(t.app, 'JOKER', 'ok');
    const [{ last, memberId }] = (await t.db.query<{ last: unknown; memberId: unknown }>(
      `select coalesce((select max(id) from realtime_events), 0) as last,
              (select id::text from members where public_id = $1) as "memberId"`,
      [m.id],
    )) as [{ last: unknown; memberId: unknown }];
    await reconcileAll();
    const events = await t.db.query<{ payload: { member?: string; event?: { type: string } } }>(
      'select payload from realtime_events where id > $1',
      [last],
    );
    expect(events.some((e) => e.payload.member === memberId && e.payload.event?.type === 'balance')).toBe(
      true,
    );

    const statement = await call(t.app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    const transfers = (statement.body.statements as Array<Record<string, unknown>>).filter(
      (s) => s.statementType === 'transfer',
    );
    expect(transfers.map((s) => [s.from, s.to, s.amount, s.status])).toEqual([
      ['PG', 'JOKER', 80, 'SUCCESS'],
      ['PG', 'JOKER', 120, 'SUCCESS'],
      ['WALLET', 'PG', 300, 'SUCCESS'],
    ]);
    expect(await worldTotal(m)).toBe(50_000n);
    await expectLedgerSound(t.db);
  });

  it('[TRF-2] the statement shows a refused transfer as FAILED, its money returned', async () => {
    const m = await member(100, ['HUAYHD']);
    await setGameMode(t.app, 'HUAYHD', 'fail');
    await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'HUAYHD', amount: 40 });
    await setGameMode(t.app, 'HUAYHD', 'ok');
    const statement = await call(t.app, 'POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    const [line] = (statement.body.statements as Array<Record<string, unknown>>).filter(
      (s) => s.statementType === 'transfer',
    );
    expect(line).toMatchObject({
      from: 'WALLET',
      to: 'HUAYHD',
      amount: 40,
      status: 'FAILED',
      outcome: 'RETURNED',
    });
  });
});
