import { describe, expect, it } from 'vitest';
import { checkLedger, houseCash, ledgerIsSound, memberAccount, post } from '../src/ledger/ledger.ts';
import { bankTransfer, expectLedgerSound, useTestApp, registerAndLogin } from './helpers.ts';

const t = useTestApp();

const memberIdOf = async (phone: string) =>
  String((await t.db.query<{ id: string }>('select id from members where phone = $1', [phone]))[0]!.id);

describe('the ledger', () => {
  it('[DEP-11] postings are append-only: an update or delete is refused by the database', async () => {
    const { reg } = await registerAndLogin(t.app);
    await bankTransfer(t.app, reg, 10);
    await expect(t.db.query('update postings set amount = amount + 1')).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from journal_entries')).rejects.toThrow(/append-only/);
    await expectLedgerSound(t.db);
  });

  it('[WD-2] a member account cannot go below zero, even past the service code (CHECK constraint)', async () => {
    const { reg } = await registerAndLogin(t.app);
    const id = await memberIdOf(reg.username);
    await t.db.tx((q) =>
      post(q, {
        kind: 'test',
        reference: `test:${id}:open`,
        memberId: id,
        at: new Date(),
        lines: [
          { account: memberAccount('member_wallet', id), amount: 1n },
          { account: houseCash(), amount: -1n },
        ],
      }),
    );
    await expect(
      t.db.query(`update ledger_accounts set balance = -5 where code = $1`, [
        memberAccount('member_wallet', id),
      ]),
    ).rejects.toThrow(/member_accounts_not_negative/);
  });

  it('[WD-2] an entry that does not sum to zero is refused; a reference posts at most once', async () => {
    const { reg } = await registerAndLogin(t.app);
    const id = await memberIdOf(reg.username);
    const lines = [
      { account: memberAccount('member_wallet', id), amount: 5n },
      { account: houseCash(), amount: -4n },
    ];
    await expect(
      post(t.db, { kind: 'test', reference: `test:${id}:bad`, at: new Date(), lines }),
    ).rejects.toThrow(/unbalanced/);
    // Past the code, straight into the tables: the commit-time trigger refuses it.
    await expect(
      t.db.tx(async (q) => {
        const [e] = await q.query<{ id: string }>(
          `insert into journal_entries (kind, reference, currency) values ('test', $1, 'BAHT') returning id`,
          [`test:${id}:raw`],
        );
        const [a] = await q.query<{ id: string }>(
          `select id from ledger_accounts where currency = 'BAHT' limit 1`,
        );
        await q.query(
          `insert into postings (entry_id, account_id, amount, currency) values ($1, $2, 7, 'BAHT')`,
          [e!.id, a!.id],
        );
      }),
    ).rejects.toThrow(/does not sum to zero/);
    await expectLedgerSound(t.db);
  });

  it('[WD-2] an entry that names an account twice, or would take a member below zero, is refused and moves nothing', async () => {
    const { reg } = await registerAndLogin(t.app);
    const id = await memberIdOf(reg.username);
    await bankTransfer(t.app, reg, 10);
    const wallet = memberAccount('member_wallet', id);
    // One of the house's cash rows, the same one throughout (houseCash picks one at random).
    const house = houseCash();
    const balances = () =>
      t.db.query<{ code: string; balance: bigint }>(
        'select code, balance from ledger_accounts where code = any ($1) order by code',
        [[wallet, `${house}:BAHT`]],
      );
    const before = await balances();
    const entry = (reference: string, lines: Array<{ account: string; amount: bigint }>) =>
      post(t.db, { kind: 'test', reference: `test:${id}:${reference}`, memberId: id, at: new Date(), lines });
    await expect(
      entry('twice', [
        { account: wallet, amount: 5n },
        { account: wallet, amount: -2n },
        { account: house, amount: -3n },
      ]),
    ).rejects.toThrow(/names an account twice/);
    // The house gives first, then the wallet would go to -1000 baht: nothing of it stays.
    await expect(
      entry('short', [
        { account: house, amount: 100_000n },
        { account: wallet, amount: -100_000n },
      ]),
    ).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    expect(await balances()).toEqual(before);
    const [left] = await t.db.query<{ n: bigint }>(
      'select count(*) as n from journal_entries where reference like $1',
      [`test:${id}:%`],
    );
    expect(left!.n).toBe(0n);
    await expectLedgerSound(t.db);
  });

  it('[DEP-11] the check finds a balance that no longer matches its postings', async () => {
    const { reg } = await registerAndLogin(t.app);
    await bankTransfer(t.app, reg, 42);
    expect(ledgerIsSound(await checkLedger(t.db))).toBe(true);
    const code = memberAccount('member_wallet', await memberIdOf(reg.username));
    await t.db.query('update ledger_accounts set balance = balance + 100 where code = $1', [code]);
    const report = await checkLedger(t.db);
    expect(ledgerIsSound(report)).toBe(false);
    expect(report.mismatched).toEqual([{ code, stored: '4300', computed: '4200' }]);
    await t.db.query('update ledger_accounts set balance = balance - 100 where code = $1', [code]);
  });
});
