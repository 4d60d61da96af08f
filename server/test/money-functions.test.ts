// The one-round-trip money functions (db/functions/withdrawals.sql and deposits.sql): the same answers as
// the step-by-step code they replaced, under replays, reused keys, concurrent duplicates and operator
// settings changed on the fly.
import { describe, expect, it } from 'vitest';
import {
  bankTransfer,
  call,
  expectError,
  expectLedgerSound,
  useTestApp,
  newKey,
  onPostgres,
  registerAndLogin,
  walletAmount,
  withdraw,
} from './helpers.ts';

// Payouts wait for the operator, so balances stay where the withdrawals leave them.
const t = useTestApp({}, { deps: { payouts: null } });

const withdrawalsOf = async (memberPublicId: string) =>
  (
    await t.db.query<{ n: unknown }>(
      'select count(*) as n from withdrawals w join members m on m.id = w.member_id where m.public_id = $1',
      [memberPublicId],
    )
  )[0]!.n;

describe(`money in one round trip (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('[WD-2] twenty concurrent sends of one request under one key withdraw once and all answer the first answer', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1_000);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(t.app, m.token, 300, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body).toMatchObject({ amount: 300, balance: 700, status: 'PENDING' });
    expect(Number(await withdrawalsOf(m.id))).toBe(1);
    expect(await walletAmount(t.app, m.token)).toBe(700);
    await expectLedgerSound(t.db);
  });

  it('[WD-2] one key sent concurrently with two different amounts: one withdrawal, the other body is IDEMPOTENCY_KEY_REUSED', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1_000);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => withdraw(t.app, m.token, i % 2 ? 200 : 100, key)),
    );
    const ok = answers.filter((a) => a.status === 200);
    const won = ok[0]!.body.amount as number;
    // Every request with the winning body replays its answer; every other one is refused.
    for (const [i, a] of answers.entries()) {
      if ((i % 2 ? 200 : 100) === won) expect(a.body).toEqual(ok[0]!.body);
      else expectError(a, 422, 'IDEMPOTENCY_KEY_REUSED');
    }
    expect(Number(await withdrawalsOf(m.id))).toBe(1);
    expect(await walletAmount(t.app, m.token)).toBe(1_000 - won);
    await expectLedgerSound(t.db);
  });

  it('[WD-2] a refused request leaves no key behind: the same key succeeds once the money is there', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 100);
    const key = newKey();
    expectError(await withdraw(t.app, m.token, 500, key), 400, 'MONEY_NOT_ENOUGH');
    await bankTransfer(t.app, m.reg, 400);
    expect((await withdraw(t.app, m.token, 500, key)).body).toMatchObject({ amount: 500, balance: 0 });
    await expectLedgerSound(t.db);
  });

  it('[WD-1] limits the operator changes apply to the next request at once; a replay keeps its first answer', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 10_000);
    const key = newKey();
    const first = await withdraw(t.app, m.token, 150, key);
    expect(first.status).toBe(200);
    await t.db.query(`update settings set value = $1 where key = 'withdraw.limits'`, [
      JSON.stringify({ minMinor: 20_000, maxMinor: 30_000 }),
    ]);
    try {
      expectError(await withdraw(t.app, m.token, 150), 400, 'WITHDRAW_MINIMUM');
      expectError(await withdraw(t.app, m.token, 300.01), 400, 'WITHDRAW_MAXIMUM');
      expect((await withdraw(t.app, m.token, 150, key)).body).toEqual(first.body);
      expect((await withdraw(t.app, m.token, 250)).status).toBe(200);
    } finally {
      await t.db.query(`update settings set value = $1 where key = 'withdraw.limits'`, [
        JSON.stringify({ minMinor: 10_000, maxMinor: 5_000_000 }),
      ]);
    }
    expect(await walletAmount(t.app, m.token)).toBe(10_000 - 150 - 250);
    await expectLedgerSound(t.db);
  });

  it('[WD-2] withdraw-all refuses an empty wallet and a balance lower than the one the member saw', async () => {
    const m = await registerAndLogin(t.app);
    const all = (seen?: number) =>
      call(t.app, 'POST', '/api/wallet/withdrawAll', {
        token: m.token,
        body: seen === undefined ? {} : { amount: seen },
        headers: { 'idempotency-key': newKey() },
      });
    expectError(await all(), 400, 'MONEY_NOT_ENOUGH');
    await bankTransfer(t.app, m.reg, 250.5);
    expectError(await all(250.51), 400, 'MONEY_NOT_ENOUGH');
    expect((await all(250.5)).body).toMatchObject({ amount: 250.5, balance: 0, status: 'PENDING' });
    await expectLedgerSound(t.db);
  });

  it('[DEP-11] concurrent deposits and withdrawals of many members keep every balance and the ledger exact', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => registerAndLogin(t.app)));
    for (const m of members) await bankTransfer(t.app, m.reg, 1_000);
    await Promise.all(
      members.flatMap((m) => [
        ...Array.from({ length: 5 }, () => bankTransfer(t.app, m.reg, 10)),
        ...Array.from({ length: 5 }, () => withdraw(t.app, m.token, 100)),
      ]),
    );
    for (const m of members) expect(await walletAmount(t.app, m.token)).toBe(1_000 + 50 - 500);
    await expectLedgerSound(t.db);
  });
});
