// True Wallet gift links (DEP-10) against the simulated voucher service over HTTP.
import { describe, expect, it } from 'vitest';
import { lookups } from '@krapao/contract';
import { httpTrueWallet } from '../src/providers/truewallet/http-truewallet.ts';
import { DEMO_VOUCHERS } from '../src/sim/truewallet.ts';
import {
  baseUrl,
  call,
  expectError,
  expectLedgerSound,
  makeApp,
  useTestApp,
  newKey,
  registerAndLogin,
  walletAmount,
} from './helpers.ts';

const t = useTestApp();

const redeem = (token: string, link: string, key = newKey()) =>
  call(t.app, 'POST', '/api/wallet/truelink', { token, body: { link }, headers: { 'idempotency-key': key } });

async function voucher(amount: number, extra: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl(t.app)}/sim/truewallet/vouchers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount, ...extra }),
  });
  return (await res.json()) as { hash: string; link: string };
}

describe('True Wallet gift links', () => {
  it('[DEP-10] the deposit lookup lists the operator wallet with its account name', async () => {
    const res = await call(t.app, 'GET', lookups.deposit.path);
    expect(res.body.wallets).toEqual([
      { mode: '', walletAccountName: 'KRAPAO WALLET', walletPhone: '0991234567' },
    ]);
  });

  it('[DEP-10] a gift link credits its amount once; the same link again is TRUELINK_DUPLICATE, whoever sends it', async () => {
    const { token } = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const v = await voucher(123.45);
    const key = newKey();
    const first = await redeem(token, v.link, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ amount: 123.45, status: 'SUCCESS' });
    expect(await walletAmount(t.app, token)).toBe(123.45);

    // A replay of the same request answers the first result and moves nothing.
    expect((await redeem(token, v.link, key)).body).toEqual(first.body);
    expectError(await redeem(token, v.link), 400, 'TRUELINK_DUPLICATE');
    expectError(await redeem(other.token, v.hash), 400, 'TRUELINK_DUPLICATE');
    expect(await walletAmount(t.app, token)).toBe(123.45);
    expect(await walletAmount(t.app, other.token)).toBe(0);

    const statement = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } });
    expect(statement.body.statements).toEqual([
      expect.objectContaining({ statementType: 'deposit', channel: 'TRUEWALLET', amount: 123.45 }),
    ]);
    await expectLedgerSound(t.db);
  });

  it('[DEP-10] the same voucher sent twice at once credits once', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const v = await voucher(40);
    const answers = await Promise.all([a, b, a, b].map((m) => redeem(m.token, v.link)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.message === 'TRUELINK_DUPLICATE')).toHaveLength(3);
    expect((await walletAmount(t.app, a.token)) + (await walletAmount(t.app, b.token))).toBe(40);
    await expectLedgerSound(t.db);
  });

  it('[DEP-10] used, expired, own and unknown vouchers and malformed links are refused with why and move nothing', async () => {
    const { token } = await registerAndLogin(t.app);
    // What the member can act on: someone else's link, an expired one (ask for a new one).
    expectError(
      await redeem(token, `https://gift.truemoney.com/campaign/?v=${DEMO_VOUCHERS.used}`),
      400,
      'TRUELINK_USED',
    );
    expectError(await redeem(token, DEMO_VOUCHERS.expired), 400, 'TRUELINK_EXPIRED');
    for (const link of [
      DEMO_VOUCHERS.own,
      'NOSUCHVOUCHER0123456789',
      'https://example.com/campaign/?v=DEMOGOOD0123456789abcd',
      'short',
      'javascript:alert(1)',
    ]) {
      expectError(await redeem(token, link), 400, 'TRUELINK_INVALID');
    }
    expect(await walletAmount(t.app, token)).toBe(0);
    // A refused voucher leaves no claim: it is not "duplicate" afterwards.
    expectError(await redeem(token, DEMO_VOUCHERS.expired), 400, 'TRUELINK_EXPIRED');
  });

  it('[DEP-10] a split voucher credits the share the operator wallet received', async () => {
    const { token } = await registerAndLogin(t.app);
    const v = await voucher(100, { recipients: 3 });
    expect((await redeem(token, v.link)).body).toMatchObject({ amount: 33.33 });
    expect(await walletAmount(t.app, token)).toBe(33.33);
  });

  it('[DEP-10] a redeem whose answer is lost keeps its claim and is credited once by the reconciler', async () => {
    let base = '';
    const real = httpTrueWallet({ baseUrl: () => base });
    let loseNext = true;
    const lossy = await makeApp(
      {},
      {
        deps: {
          trueWallet: {
            verify: (hash, phone) => real.verify(hash, phone),
            // The voucher service redeems, but the answer never arrives this once.
            async redeem(hash, phone) {
              const outcome = await real.redeem(hash, phone);
              if (!loseNext) return outcome;
              loseNext = false;
              return { status: 'UNKNOWN' };
            },
          },
        },
      },
    );
    base = `${baseUrl(lossy.app)}/sim/truewallet`;
    try {
      const { token } = await registerAndLogin(lossy.app);
      const made = await fetch(`${base}/vouchers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 60 }),
      });
      const { link } = (await made.json()) as { link: string };
      const send = () =>
        call(lossy.app, 'POST', '/api/wallet/truelink', {
          token,
          body: { link },
          headers: { 'idempotency-key': newKey() },
        });
      expectError(await send(), 503, 'INTERNAL_SERVER_ERROR');
      expect(await walletAmount(lossy.app, token)).toBe(0);
      // Too soon to ask again: the claim may still be in flight.
      expectError(await send(), 400, 'TRUELINK_DUPLICATE');
      expect(await lossy.app.reconcileVouchers()).toBe(0);

      lossy.clock.advance(31_000);
      expect(await lossy.app.reconcileVouchers()).toBe(1);
      expect(await walletAmount(lossy.app, token)).toBe(60);
      expect(await lossy.app.reconcileVouchers()).toBe(0);
      expectError(await send(), 400, 'TRUELINK_DUPLICATE');
      expect(await walletAmount(lossy.app, token)).toBe(60);
      await expectLedgerSound(lossy.db);
    } finally {
      await lossy.close();
    }
  });

  it('[DEP-10] a gift link needs an Idempotency-Key', async () => {
    const { token } = await registerAndLogin(t.app);
    const res = await call(t.app, 'POST', '/api/wallet/truelink', {
      token,
      body: { link: DEMO_VOUCHERS.good },
    });
    expectError(res, 400, 'KEY_MISSING');
  });
});

describe('True Wallet in AUTO mode', () => {
  /** A transfer in the True Wallet app, reported by the wallet's statement integration on the bank feed. */
  async function walletTransfer(fromPhone: string, amount: number, toPhone = '0991234567') {
    const res = await fetch(`${baseUrl(t.app)}/sim/bank/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fromBankCode: 'TRUEWALLET',
        fromAccountNo: fromPhone,
        toAccountNo: toPhone,
        amount,
      }),
    });
    const body = (await res.json()) as { feed: { results: Array<{ outcome: string }> } };
    return body.feed.results[0]!.outcome;
  }

  it('[DEP-10] a transfer from the registered phone credits the wallet; under 2 baht, another phone or gift-link mode is kept for the operator', async () => {
    const { token, reg } = await registerAndLogin(t.app);
    // Gift-link mode: the wallet's transfers are not matched to members.
    expect(await walletTransfer(reg.username, 50)).toBe('UNMATCHED');

    await t.db.query(`update house_wallets set mode = 'AUTO'`);
    try {
      expect((await call(t.app, 'GET', lookups.deposit.path)).body.wallets).toEqual([
        expect.objectContaining({ mode: 'AUTO', walletPhone: '0991234567' }),
      ]);
      expect(await walletTransfer(reg.username, 75.5)).toBe('CREDITED');
      expect(await walletTransfer(reg.username, 1.99)).toBe('UNMATCHED');
      expect(await walletTransfer('0800000001', 100)).toBe('UNMATCHED');
      expect(await walletTransfer(reg.username, 100, '0990000000')).toBe('UNMATCHED');
    } finally {
      await t.db.query(`update house_wallets set mode = ''`);
    }
    expect(await walletAmount(t.app, token)).toBe(75.5);
    const statement = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } });
    expect(statement.body.statements).toEqual([
      expect.objectContaining({ statementType: 'deposit', channel: 'TRUEWALLET', amount: 75.5 }),
    ]);
    await expectLedgerSound(t.db);
  });
});
