// Issue 22: withdrawals, bank-feed lines and the two phases of game transfers that arrive together go to
// the database in one call and one transaction (ledger/batch.ts; wallet_withdraw_batch,
// bank_feed_credit_batch, game_transfer_begin_batch and game_transfer_settle_answer_batch), each still
// answered on its own. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmac } from '../src/lib/crypto.ts';
import {
  bankTransfer,
  call,
  expectError,
  expectLedgerSound,
  newKey,
  onPostgres,
  registerAndLogin,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer, slotAmount } from './games-helpers.ts';

// Three calls make a batch, and a batch waits for its three (up to a second): the requests a test sends
// together are in one batch whatever the machine's speed. So a test funds its members together too (their
// deposits a batch of their own), where one after another each would wait its second. Payouts wait for
// the operator.
const BATCH = 3;
const t = useTestApp(
  {
    MONEY_BATCH: '1',
    MONEY_BATCH_MAX: String(BATCH),
    MONEY_BATCH_WINDOW_MS: '1000',
    ...GAME_TEST_ENV,
  },
  { deps: { payouts: null } },
);

const internalId = async (publicId: string) =>
  (await t.db.query<{ id: bigint }>('select id from members where public_id = $1', [publicId]))[0]!.id;

/** What a member's movements left in `table`, and whether `key` is kept: a refused one leaves neither. */
async function leftBehind(table: 'withdrawals' | 'game_transfers', publicId: string, key: string) {
  const [row] = await t.db.query<{ rows: bigint; keys: bigint }>(
    `select (select count(*) from ${table} where member_id = $1) as rows,
            (select count(*) from idempotency_keys where member_id = $1 and key = $2) as keys`,
    [await internalId(publicId), key],
  );
  return row;
}

/** The transactions that wrote these withdrawals' realtime events: one for the lot when they were batched. */
const transactionsOf = async (withdrawalIds: string[]) =>
  (
    await t.db.query<{ n: bigint }>(
      `select count(distinct xid) as n from realtime_events
       where payload -> 'event' ->> 'type' = 'withdrawal' and payload -> 'event' ->> 'withdrawalId' = any ($1)`,
      [withdrawalIds],
    )
  )[0]!.n;

async function funded(amount: number) {
  const m = await registerAndLogin(t.app);
  await bankTransfer(t.app, m.reg, amount);
  return m;
}

/** A member with `amount` baht in the wallet and an account at PG. */
async function player(amount: number) {
  const m = await funded(amount);
  expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
  return m;
}

/**
 * The members (internal ids, sorted) whose balance the first transaction after `marker` announced, among
 * those of `publicIds`: a batch's transaction announces each of its members' balances once.
 */
async function firstTransactionAfter(marker: string, publicIds: string[]) {
  const ids = await Promise.all(publicIds.map(internalId));
  const rows = await t.db.query<{ member: string }>(
    `select e.payload ->> 'member' as member from realtime_events e
     where e.xid = (select min(f.xid) from realtime_events f
                    where f.xid > $1::xid8 and f.payload ->> 'member' = any ($2))
       and e.payload ->> 'member' = any ($2) and e.payload -> 'event' ->> 'type' = 'balance'`,
    [marker, ids.map(String)],
  );
  return rows.map((r) => r.member).sort();
}

describe(`money movements in batches (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('[issue 22] a batch with a refused withdrawal in the middle: the others commit, the refused one moves nothing and leaves no key', async () => {
    const [a, b, c] = await Promise.all([funded(1_000), funded(100), funded(1_000)]);
    const bKey = newKey();
    const [wa, wb, wc] = await Promise.all([
      withdraw(t.app, a.token, 300),
      withdraw(t.app, b.token, 500, bKey),
      withdraw(t.app, c.token, 400),
    ]);
    expect(wa!.body).toMatchObject({ amount: 300, balance: 700, status: 'PENDING' });
    expectError(wb!, 400, 'MONEY_NOT_ENOUGH');
    expect(wc!.body).toMatchObject({ amount: 400, balance: 600, status: 'PENDING' });
    // One transaction for the two that committed, each with its own realtime event.
    expect(await transactionsOf([wa!.body.withdrawalId as string, wc!.body.withdrawalId as string])).toBe(1n);
    expect(await walletAmount(t.app, a.token)).toBe(700);
    expect(await walletAmount(t.app, b.token)).toBe(100);
    expect(await walletAmount(t.app, c.token)).toBe(600);
    expect(await leftBehind('withdrawals', b.id, bKey)).toEqual({ rows: 0n, keys: 0n });
    // The refused key is tried afresh once the money is there (in a batch of its own three).
    await bankTransfer(t.app, b.reg, 400);
    const again = await Promise.all([
      withdraw(t.app, b.token, 500, bKey),
      withdraw(t.app, a.token, 100),
      withdraw(t.app, c.token, 100),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(again[0]!.body).toMatchObject({ amount: 500, balance: 0 });
    await expectLedgerSound(t.db);
  });

  it('[issue 22] two withdrawals that arrive together but do not fill a batch go as their single calls: each its own transaction, each answered', async () => {
    const [a, b] = await Promise.all([funded(1_000), funded(1_000)]);
    const [wa, wb] = await Promise.all([withdraw(t.app, a.token, 300), withdraw(t.app, b.token, 400)]);
    expect(wa!.body).toMatchObject({ amount: 300, balance: 700, status: 'PENDING' });
    expect(wb!.body).toMatchObject({ amount: 400, balance: 600, status: 'PENDING' });
    // Two calls fill no batch here (three do) and are fewer than MONEY_BATCH_MIN (4): each goes alone.
    expect(await transactionsOf([wa!.body.withdrawalId as string, wb!.body.withdrawalId as string])).toBe(2n);
    expect(await walletAmount(t.app, a.token)).toBe(700);
    expect(await walletAmount(t.app, b.token)).toBe(600);
    await expectLedgerSound(t.db);
  });

  it('[issue 22] [care] a batch with a withdrawal without the PIN its member set: PIN_REQUIRED, it moves nothing and leaves no key; the others commit', async () => {
    const [a, b, c] = await Promise.all([funded(1_000), funded(1_000), funded(1_000)]);
    const pinSet = await call(t.app, 'PUT', '/api/account/pin', {
      token: b.token,
      body: { password: b.reg.password, pin: '482915' },
    });
    expect(pinSet.status).toBe(200);
    const bKey = newKey();
    const [wa, wb, wc] = await Promise.all([
      withdraw(t.app, a.token, 300),
      withdraw(t.app, b.token, 300, bKey),
      withdraw(t.app, c.token, 400),
    ]);
    expect(wa!.body).toMatchObject({ amount: 300, balance: 700 });
    expectError(wb!, 400, 'PIN_REQUIRED');
    expect(wc!.body).toMatchObject({ amount: 400, balance: 600 });
    expect(await transactionsOf([wa!.body.withdrawalId as string, wc!.body.withdrawalId as string])).toBe(1n);
    expect(await walletAmount(t.app, b.token)).toBe(1_000);
    expect(await leftBehind('withdrawals', b.id, bKey)).toEqual({ rows: 0n, keys: 0n });
    await expectLedgerSound(t.db);
  });

  it('[issue 22] a key sent three times in one batch and again in a later one moves the money once and answers the first answer', async () => {
    const [m, other] = await Promise.all([funded(1_000), funded(500)]);
    const key = newKey();
    const first = await Promise.all([1, 2, 3].map(() => withdraw(t.app, m.token, 250, key)));
    expect(first[0]!.body).toMatchObject({ amount: 250, balance: 750 });
    expect(first[1]!.body).toEqual(first[0]!.body);
    expect(first[2]!.body).toEqual(first[0]!.body);
    const later = await Promise.all([
      withdraw(t.app, m.token, 250, key),
      withdraw(t.app, other.token, 100),
      withdraw(t.app, m.token, 100, key),
    ]);
    expect(later[0]!.body).toEqual(first[0]!.body);
    expect(later[1]!.body).toMatchObject({ amount: 100, balance: 400 });
    expectError(later[2]!, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await walletAmount(t.app, m.token)).toBe(750);
    const [n] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from withdrawals where member_id = $1',
      [await internalId(m.id)],
    );
    expect(n!.n).toBe(1n);
    await expectLedgerSound(t.db);
  });

  it('[issue 22] game transfers begin and settle in batches: a refused one in the middle moves nothing and keeps no key, the others reach the game', async () => {
    const [a, b, c] = await Promise.all([player(1_000), player(100), player(1_000)]);
    const bKey = newKey();
    const [{ marker } = { marker: '' }] = await t.db.query<{ marker: string }>(
      'select pg_current_xact_id()::text as marker',
    );
    const [ta, tb, tc] = await Promise.all([
      gameTransfer(t.app, a.token, { from: 'WALLET', to: 'PG', amount: 300 }),
      gameTransfer(t.app, b.token, { from: 'WALLET', to: 'PG', amount: 500 }, bKey),
      gameTransfer(t.app, c.token, { from: 'WALLET', to: 'PG', amount: 400 }),
    ]);
    expect(ta!.body).toMatchObject({ amount: 300, status: 'SUCCESS', wallet: 700 });
    expectError(tb!, 400, 'MONEY_NOT_ENOUGH');
    expect(tc!.body).toMatchObject({ amount: 400, status: 'SUCCESS', wallet: 600 });
    expect(await slotAmount(t.app, a.token, 'PG')).toBe(300);
    expect(await slotAmount(t.app, b.token, 'PG')).toBe(0);
    expect(await slotAmount(t.app, c.token, 'PG')).toBe(400);
    expect(await walletAmount(t.app, b.token)).toBe(100);
    expect(await leftBehind('game_transfers', b.id, bKey)).toEqual({ rows: 0n, keys: 0n });
    // The two that began did so in one transaction: the first to announce a balance after the marker
    // announced both members' (a batch of up to three waits up to a second for its three).
    expect(await firstTransactionAfter(marker, [a.id, c.id])).toEqual(
      [await internalId(a.id), await internalId(c.id)].map(String).sort(),
    );
    // The refused key is tried afresh once the money is there, and out of the game again, in batches.
    await bankTransfer(t.app, b.reg, 400);
    const again = await Promise.all([
      gameTransfer(t.app, b.token, { from: 'WALLET', to: 'PG', amount: 500 }, bKey),
      gameTransfer(t.app, a.token, { from: 'PG', to: 'WALLET', amount: 100 }),
      gameTransfer(t.app, c.token, { from: 'PG', to: 'WALLET', amount: 400 }),
    ]);
    expect(again.map((r) => r.body.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(again.map((r) => r.body.wallet)).toEqual([0, 800, 1_000]);
    await expectLedgerSound(t.db);
  });

  it('[issue 22] a transfer key sent three times in one batch moves the money once; each answer is that transfer', async () => {
    const m = await player(1_000);
    const key = newKey();
    const sent = await Promise.all(
      [1, 2, 3].map(() => gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 250 }, key)),
    );
    // The three reach the batch in any order. The one that began it answers once it is settled; a replay
    // answers the transfer as it stands when the replay is read: the same transfer, PENDING or settled.
    const settled = sent.filter((r) => r.body.status === 'SUCCESS');
    expect(settled.length).toBeGreaterThan(0);
    expect(settled[0]!.body).toMatchObject({ amount: 250, status: 'SUCCESS', wallet: 750 });
    for (const r of sent) {
      expect(r.status).toBe(200);
      expect(r.body.transferId).toBe(settled[0]!.body.transferId);
      expect(['PENDING', 'SUCCESS']).toContain(r.body.status);
    }
    expect(await walletAmount(t.app, m.token)).toBe(750);
    expect(await slotAmount(t.app, m.token, 'PG')).toBe(250);
    const [n] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from game_transfers where member_id = $1',
      [await internalId(m.id)],
    );
    expect(n!.n).toBe(1n);
    await expectLedgerSound(t.db);
  });

  it('[issue 22] bank-feed lines of concurrent deliveries credit once each, a line sent twice in one batch is a duplicate', async () => {
    const [a, b] = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
    const reference = `REF${Date.now()}`;
    const answers = await Promise.all([
      feed([line(a.reg, 120, reference)]),
      feed([line(b.reg, 80)]),
      feed([line(a.reg, 120, reference)]),
    ]);
    const outcomes = answers.map(
      (r) => (r.json() as { results: Array<{ outcome: string }> }).results[0]!.outcome,
    );
    // The two deliveries of one line reach the batch in either order: one credits, the other is a duplicate.
    expect(outcomes[1]).toBe('CREDITED');
    expect([outcomes[0], outcomes[2]].sort()).toEqual(['CREDITED', 'DUPLICATE']);
    expect(await walletAmount(t.app, a.token)).toBe(120);
    expect(await walletAmount(t.app, b.token)).toBe(80);
    await expectLedgerSound(t.db);
  });

  it('[issue 22] a bank-feed batch with a line that fails in the middle: the lines around it credit, it moves nothing', async () => {
    const [a, b, c] = [
      await registerAndLogin(t.app),
      await registerAndLogin(t.app),
      await registerAndLogin(t.app),
    ];
    const references = [0, 1, 2].map((i) => `MID${Date.now()}${i}`);
    // The middle line's journal entry exists already (as if another path had posted it): bank_feed_credit
    // records the line and the deposit, then fails at the post; all of it must roll back, alone.
    await t.db.query(
      `insert into journal_entries (kind, reference, member_id, created_at, currency)
       select 'deposit', $1, id, now(), currency from members where public_id = $2`,
      [`deposit:bank:${references[1]}`, b.id],
    );
    const rows = await t.db.query<{ outcome: string | null; failed_state: string | null }>(
      `select outcome, failed_state from bank_feed_credit_batch($1, now(), 'house:bank_cash:0')`,
      [
        JSON.stringify(
          [a, b, c].map((m, i) => ({
            reference: references[i],
            fromBank: m.reg.bankCode,
            fromAccount: m.reg.bankAccountNo,
            toAccount: '0481234567',
            amount: String(10_000 * (i + 1)),
            receivedAt: new Date().toISOString(),
          })),
        ),
      ],
    );
    expect(rows).toEqual([
      { outcome: 'CREDITED', failed_state: null },
      { outcome: null, failed_state: 'P0001' },
      { outcome: 'CREDITED', failed_state: null },
    ]);
    expect(await walletAmount(t.app, a.token)).toBe(100);
    expect(await walletAmount(t.app, b.token)).toBe(0);
    expect(await walletAmount(t.app, c.token)).toBe(300);
    const [left] = await t.db.query<{ lines: bigint; deposits: bigint }>(
      `select (select count(*) from bank_feed_items where reference = $1) as lines,
              (select count(*) from deposits where reference = $1) as deposits`,
      [references[1]],
    );
    expect(left).toEqual({ lines: 0n, deposits: 0n });
    await expectLedgerSound(t.db);
  });
});

const line = (reg: { bankCode: string; bankAccountNo: string }, amount: number, reference?: string) => ({
  reference: reference ?? `REF${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
  fromBankCode: reg.bankCode,
  fromAccountNo: reg.bankAccountNo,
  toAccountNo: '0481234567',
  amount,
  receivedAt: new Date().toISOString(),
});

/** Posts to the bank-feed webhook as the operator's bank integration does. */
async function feed(items: unknown[]) {
  const body = JSON.stringify({ items });
  const [row] = await t.db.query<{ value: string }>(`select value from settings where key = 'app.secret'`);
  const key = hmac(row!.value, 'bank-feed').toString('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/hooks/bank-feed',
    headers: {
      'content-type': 'application/json',
      'x-signature': `sha256=${createHmac('sha256', key).update(body).digest('hex')}`,
    },
    payload: body,
  });
}
