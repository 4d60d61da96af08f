// Money always knows its currency. In a Laos build baht and kip members live side by side; the database
// refuses an entry that mixes currencies whatever code writes it, and each member is offered only the
// accounts and limits of the wallet's currency.
import { describe, expect, it } from 'vitest';
import { checkLedger, houseCash, ledgerIsSound, memberAccount, post } from '../src/ledger/ledger.ts';
import {
  BCEL_HOUSE_ACCOUNT,
  bankTransfer,
  call,
  expectError,
  expectLedgerSound,
  newKey,
  registerAndLogin,
  registration,
  THAI_HOUSE_ACCOUNT,
  useTestApp,
  walletAmount,
  withdraw,
} from './helpers.ts';

const OPS = 'operator-token-for-currency-tests';
const la = useTestApp({ REGION: 'la', OPS_TOKEN: OPS });
const th = useTestApp();

const memberIdOf = async (phone: string) =>
  String((await la.db.query<{ id: string }>('select id from members where phone = $1', [phone]))[0]!.id);

const kipMember = () => registerAndLogin(la.app, { currency: 'LAK', bankCode: 'BCEL' });
const bahtMember = () => registerAndLogin(la.app, { currency: 'BAHT' });

describe('money in its currency', () => {
  it('[laos-1] a kip transfer into BCEL lands in kip accounts, a baht one in baht accounts', async () => {
    const kip = await kipMember();
    const baht = await bahtMember();
    await bankTransfer(la.app, kip.reg, 150_000, undefined, BCEL_HOUSE_ACCOUNT);
    await bankTransfer(la.app, baht.reg, 300, undefined, THAI_HOUSE_ACCOUNT);
    expect(await walletAmount(la.app, kip.token)).toBe(150_000);
    expect(await walletAmount(la.app, baht.token)).toBe(300);
    const wallet = await call(la.app, 'GET', '/api/wallet', { token: kip.token });
    expect(wallet.body.wallet).toEqual({ amount: 150_000, currency: 'LAK' });

    const accounts = await la.db.query<{ code: string; currency: string }>(
      `select a.code, a.currency from postings p join ledger_accounts a on a.id = p.account_id
       join journal_entries e on e.id = p.entry_id where e.member_id = $1`,
      [await memberIdOf(kip.reg.username)],
    );
    expect(accounts.map((a) => a.currency)).toEqual(['LAK', 'LAK']);
    expect(accounts.find((a) => a.code.startsWith('house:'))?.code).toMatch(/^house:bank_cash:\d+:LAK$/);

    const report = await checkLedger(la.db);
    expect(report.currencies.map((c) => [c.currency, c.total])).toEqual([
      ['BAHT', '0'],
      ['LAK', '0'],
    ]);
    await expectLedgerSound(la.db);
  });

  it('[laos-1] a transfer into the account of the other currency credits nobody: kept for the operator', async () => {
    const kip = await kipMember();
    const baht = await bahtMember();
    const intoBaht = await bankTransfer(la.app, kip.reg, 90_000, undefined, THAI_HOUSE_ACCOUNT);
    const intoKip = await bankTransfer(la.app, baht.reg, 500, undefined, BCEL_HOUSE_ACCOUNT);
    expect(intoBaht.feed.results[0]!.outcome).toBe('UNMATCHED');
    expect(intoKip.feed.results[0]!.outcome).toBe('UNMATCHED');
    expect(await walletAmount(la.app, kip.token)).toBe(0);
    expect(await walletAmount(la.app, baht.token)).toBe(0);
    const [line] = await la.db.query<{ currency: string }>(
      'select currency from bank_feed_items where reference = $1',
      [intoKip.reference],
    );
    expect(line!.currency).toBe('LAK');

    // The operator sees each line's currency and can credit it only to a member of that currency.
    const authorization = `Bearer ${OPS}`;
    const unmatched = await call(la.app, 'GET', '/api/ops/bank-feed/unmatched', {
      headers: { authorization },
    });
    expect(unmatched.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ reference: intoKip.reference, currency: 'LAK' })]),
    );
    const credit = (reference: string, phone: string) =>
      call(la.app, 'POST', `/api/ops/bank-feed/${reference}/credit`, {
        body: { phone },
        headers: { authorization },
      });
    expectError(await credit(intoKip.reference, baht.reg.username), 400, 'CURRENCY_NOT_OFFERED');
    expect((await credit(intoKip.reference, kip.reg.username)).status).toBe(200);
    expect(await walletAmount(la.app, kip.token)).toBe(500);
    await expectLedgerSound(la.db);
  });

  it('[laos-1] the database refuses an entry that mixes currencies, past the code too', async () => {
    const kip = await kipMember();
    const baht = await bahtMember();
    await bankTransfer(la.app, kip.reg, 100_000, undefined, BCEL_HOUSE_ACCOUNT);
    await bankTransfer(la.app, baht.reg, 100, undefined, THAI_HOUSE_ACCOUNT);
    const kipId = await memberIdOf(kip.reg.username);
    const bahtId = await memberIdOf(baht.reg.username);
    const before = await checkLedger(la.db);

    // Through the ledger's own function: kip out of a kip wallet into a baht wallet.
    await expect(
      post(la.db, {
        kind: 'test',
        reference: `test:${kipId}:mix`,
        memberId: kipId,
        at: new Date(),
        lines: [
          { account: memberAccount('member_wallet', kipId), amount: -1_000n },
          { account: memberAccount('member_wallet', bahtId), amount: 1_000n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'CURRENCY_NOT_OFFERED' });

    // Straight into the tables: a baht entry with a posting on a kip account, and a kip posting in a baht entry.
    const [kipWallet] = await la.db.query<{ id: string }>('select id from ledger_accounts where code = $1', [
      memberAccount('member_wallet', kipId),
    ]);
    for (const postingCurrency of ['BAHT', 'LAK']) {
      await expect(
        la.db.tx(async (q) => {
          const [e] = await q.query<{ id: string }>(
            `insert into journal_entries (kind, reference, currency) values ('test', $1, 'BAHT') returning id`,
            [`test:raw:${postingCurrency}:${newKey()}`],
          );
          await q.query(
            'insert into postings (entry_id, account_id, amount, currency) values ($1, $2, 5, $3)',
            [e!.id, kipWallet!.id, postingCurrency],
          );
        }),
      ).rejects.toThrow(/postings_in_(account|entry)_currency/);
    }
    // A member's account in another currency than the member's wallet cannot even be opened.
    await expect(
      la.db.query(
        `insert into ledger_accounts (code, kind, member_id, currency) values ($1, 'member_wallet', $2, 'BAHT')`,
        [`member:${kipId}:game`, kipId],
      ),
    ).rejects.toThrow(/member's currency/);

    expect(await walletAmount(la.app, kip.token)).toBe(100_000);
    expect(await walletAmount(la.app, baht.token)).toBe(100);
    expect((await checkLedger(la.db)).entries).toBe(before.entries);
    await expectLedgerSound(la.db);
  });

  it('[laos-1] the ledger check fails on a mixed entry (were the keys ever dropped)', async () => {
    const kip = await kipMember();
    await bankTransfer(la.app, kip.reg, 60_000, undefined, BCEL_HOUSE_ACCOUNT);
    const kipId = await memberIdOf(kip.reg.username);
    const rollback = new Error('rolled back on purpose');
    await expect(
      la.db.tx(async (q) => {
        await q.query('alter table postings drop constraint postings_in_account_currency');
        await q.query('alter table postings drop constraint postings_in_entry_currency');
        const [e] = await q.query<{ id: string }>(
          `insert into journal_entries (kind, reference, currency) values ('test', 'test:mixed', 'BAHT') returning id`,
        );
        const [kipWallet] = await q.query<{ id: string }>('select id from ledger_accounts where code = $1', [
          memberAccount('member_wallet', kipId),
        ]);
        const [bahtCash] = await q.query<{ id: string }>(
          `select id from ledger_accounts where kind = 'house' and currency = 'BAHT' limit 1`,
        );
        await q.query(
          `insert into postings (entry_id, account_id, amount, currency) values ($1, $2, 5, 'LAK'), ($1, $3, -5, 'BAHT')`,
          [e!.id, kipWallet!.id, bahtCash!.id],
        );
        await q.query('update ledger_accounts set balance = balance + 5 where id = $1', [kipWallet!.id]);
        await q.query('update ledger_accounts set balance = balance - 5 where id = $1', [bahtCash!.id]);
        const report = await checkLedger(q);
        expect(report.mixed).toEqual([String(e!.id)]);
        expect(report.currencies.find((c) => c.currency === 'LAK')!.total).toBe('5');
        expect(ledgerIsSound(report)).toBe(false);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await expectLedgerSound(la.db);
  });

  it('[DEP-2] [DEP-3] [laos-2] the deposit lookup offers each member the accounts of the wallet currency only', async () => {
    const kip = await kipMember();
    const baht = await bahtMember();
    const offered = async (token?: string) =>
      (await call(la.app, 'GET', '/api/lookup/deposit', token ? { token } : {})).body as {
        banks: Array<{ bankCode: string; currency: string }>;
        wallets: unknown[];
      };

    const forKip = await offered(kip.token);
    expect(forKip.banks.map((b) => [b.bankCode, b.currency])).toEqual([
      ['BCEL', 'LAK'],
      ['ONEPAY', 'LAK'],
    ]);
    expect(forKip.wallets).toEqual([]);

    const forBaht = await offered(baht.token);
    expect(forBaht.banks.every((b) => b.currency === 'BAHT')).toBe(true);
    expect(forBaht.banks.map((b) => b.bankCode)).toContain('KBANK');
    expect(forBaht.wallets).toHaveLength(1);

    // A visitor of a Laos build sees what a new member there gets by default (kip); of a Thai build, baht.
    expect((await offered()).banks.map((b) => b.bankCode)).toEqual(['BCEL', 'ONEPAY']);
    const thai = (await call(th.app, 'GET', '/api/lookup/deposit')).body as {
      banks: Array<{ currency: string }>;
    };
    expect(thai.banks.every((b) => b.currency === 'BAHT')).toBe(true);
  });

  it('[WD-1] [laos-2] withdrawal limits are per currency: 50,000 kip at least for a kip member', async () => {
    const kip = await kipMember();
    const baht = await bahtMember();
    expect((await call(la.app, 'GET', '/api/lookup/withdraw', { token: kip.token })).body).toEqual({
      withdrawMin: 50_000,
      withdrawMax: 50_000_000,
    });
    expect((await call(la.app, 'GET', '/api/lookup/withdraw', { token: baht.token })).body).toEqual({
      withdrawMin: 100,
      withdrawMax: 50_000,
    });

    await bankTransfer(la.app, kip.reg, 200_000, undefined, BCEL_HOUSE_ACCOUNT);
    // 40,000 kip would pass the baht limits; it is below the kip minimum.
    expectError(await withdraw(la.app, kip.token, 40_000), 400, 'WITHDRAW_MINIMUM');
    const paid = await withdraw(la.app, kip.token, 60_000);
    expect(paid.status).toBe(200);
    expect(paid.body.balance).toBe(140_000);
    await expectLedgerSound(la.db);
  });

  it('[DEP-10] [laos-2] True Wallet pays baht: a kip member is refused, nothing claimed', async () => {
    const kip = await kipMember();
    const res = await call(la.app, 'POST', '/api/wallet/truelink', {
      token: kip.token,
      body: { link: 'https://gift.truemoney.com/campaign/?v=abcdefghijklmnopqrstuvwx12' },
      headers: { 'idempotency-key': newKey() },
    });
    expectError(res, 400, 'CURRENCY_NOT_OFFERED');
    expect(await la.db.query('select 1 from truewallet_vouchers')).toEqual([]);
  });

  it('[REG-6] [laos-4] a wallet is paid out in its currency: kip to a Lao bank, baht to a Thai one', async () => {
    const refused = async (body: Record<string, unknown>) =>
      expectError(
        await call(la.app, 'POST', '/api/account', { body: registration(body) }),
        400,
        'INVALID_BANK',
      );
    await refused({ currency: 'LAK', bankCode: 'KBANK' });
    await refused({ currency: 'BAHT', bankCode: 'BCEL' });
    // Nor can a kip member move the payout account to a Thai bank later.
    const kip = await kipMember();
    const moved = await call(la.app, 'PUT', '/api/account/profile', {
      token: kip.token,
      body: {
        name: kip.reg.name,
        bankCode: 'KBANK',
        bankAccountName: kip.reg.bankAccountName,
        bankAccountNo: kip.reg.bankAccountNo,
        password: kip.reg.password,
      },
    });
    expectError(moved, 400, 'INVALID_BANK');
  });

  it('[SH-3] [laos-1] a Thai build still makes every member a baht member', async () => {
    const m = await registerAndLogin(th.app);
    await bankTransfer(th.app, m.reg, 50);
    const wallet = await call(th.app, 'GET', '/api/wallet', { token: m.token });
    expect(wallet.body.wallet).toEqual({ amount: 50, currency: 'BAHT' });
    expect(houseCash()).toMatch(/^house:bank_cash:\d+$/);
    await expectLedgerSound(th.db);
  });
});
