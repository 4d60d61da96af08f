import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lookups } from '@krapao/contract';
import { hmac } from '../src/lib/crypto.ts';
import {
  bankTransfer,
  call,
  expectError,
  expectLedgerSound,
  useTestApp,
  newKey,
  registerAndLogin,
  walletAmount,
} from './helpers.ts';

const t = useTestApp({ OPS_TOKEN: 'operator-token-for-tests' });
const ops = (url: string, body: unknown) =>
  call(t.app, 'POST', url, { body, headers: { authorization: 'Bearer operator-token-for-tests' } });

/** Posts to the bank-feed webhook as the operator's bank integration does, signed with the given secret. */
async function feed(items: unknown[], secret?: string) {
  const body = JSON.stringify({ items });
  const [row] = await t.db.query<{ value: string }>(`select value from settings where key = 'app.secret'`);
  const key = secret ?? hmac(row!.value, 'bank-feed').toString('hex');
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
const item = (over: Record<string, unknown>) => ({
  reference: `REF${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
  fromBankCode: 'KBANK',
  fromAccountNo: '0000000000',
  toAccountNo: '0481234567',
  amount: 100,
  receivedAt: new Date().toISOString(),
  ...over,
});

describe('deposits by bank transfer', () => {
  it('[DEP-2] the deposit lookup lists the operator accounts with bank names', async () => {
    const res = await call(t.app, 'GET', '/api/lookup/deposit');
    const body = lookups.deposit.response.parse(res.body);
    expect(body.isManual).toBe(false);
    expect(body.banks[0]).toMatchObject({
      bankCode: 'KBANK',
      bankType: 'BANK',
      mode: 'AUTO',
      bankAccountName: 'KRAPAO CO LTD',
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    });
  });

  it('[DEP-11] a transfer from the registered account credits the wallet once, whoever repeats it', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const sent = await bankTransfer(t.app, reg, 250.5);
    expect(sent.feed.results[0]?.outcome).toBe('CREDITED');
    expect(await walletAmount(t.app, token)).toBe(250.5);
    // The bank reports the same line again: nothing more.
    const again = await bankTransfer(t.app, reg, 250.5, sent.reference);
    expect(again.feed.results[0]?.outcome).toBe('DUPLICATE');
    expect(await walletAmount(t.app, token)).toBe(250.5);
    await expectLedgerSound(t.db);
  });

  it('[DEP-11] the same bank line delivered twice at once credits once', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const line = item({ fromBankCode: reg.bankCode, fromAccountNo: reg.bankAccountNo, amount: 80 });
    const answers = await Promise.all([feed([line]), feed([line]), feed([line])]);
    const outcomes = answers.map((a) => JSON.parse(a.body).results[0].outcome).sort();
    expect(outcomes).toEqual(['CREDITED', 'DUPLICATE', 'DUPLICATE']);
    expect(await walletAmount(t.app, token)).toBe(80);
    await expectLedgerSound(t.db);
  });

  it('[DEP-11] a transfer from an account no member registered is kept for the operator, not credited', async () => {
    const line = item({ fromAccountNo: '9999999999' });
    const res = await feed([line]);
    expect(JSON.parse(res.body).results).toEqual([{ reference: line.reference, outcome: 'UNMATCHED' }]);
    const [kept] = await t.db.query<{ outcome: string }>(
      'select outcome from bank_feed_items where reference = $1',
      [line.reference],
    );
    expect(kept?.outcome).toBe('UNMATCHED');
    await expectLedgerSound(t.db);
  });

  it('[DEP-11] [DEP-12] the operator credits an unmatched line to a member once, closing their notice', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const notice = await call(t.app, 'POST', '/api/wallet/add', {
      token,
      body: { amount: 300 },
      headers: { 'idempotency-key': newKey() },
    });
    // The member paid from a friend's account: the feed cannot match it.
    const line = item({ fromAccountNo: '8888888888', amount: 300 });
    expect(JSON.parse((await feed([line])).body).results[0].outcome).toBe('UNMATCHED');

    expectError(
      await ops(`/api/ops/bank-feed/${line.reference}/credit`, { phone: '0800000000' }),
      404,
      'NO_USER',
    );
    const credited = await ops(`/api/ops/bank-feed/${line.reference}/credit`, {
      phone: reg.username,
      noticeId: notice.body.depositId,
    });
    expect(credited.body).toMatchObject({
      reference: line.reference,
      depositId: notice.body.depositId,
      amount: 300,
    });
    // Once only: the line is no longer unmatched.
    expectError(
      await ops(`/api/ops/bank-feed/${line.reference}/credit`, { phone: reg.username }),
      404,
      'NOT_FOUND',
    );
    expect(await walletAmount(t.app, token)).toBe(300);
    const statement = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } });
    expect(statement.body.statements).toEqual([
      expect.objectContaining({ channel: 'NOTICE', status: 'SUCCESS', amount: 300 }),
    ]);
    await expectLedgerSound(t.db);
  });

  it('[DEP-11] a feed with a bad signature is refused and moves nothing', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const line = item({ fromBankCode: reg.bankCode, fromAccountNo: reg.bankAccountNo });
    const res = await feed([line], 'not-the-shared-secret-at-all');
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ message: 'INVALID_SIGNATURE' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/hooks/bank-feed',
      payload: { items: [line] },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await walletAmount(t.app, token)).toBe(0);
    expect(
      await t.db.query('select 1 from bank_feed_items where reference = $1', [line.reference]),
    ).toHaveLength(0);
  });

  it('[DEP-12] a deposit notice is recorded as pending, credits nothing, and a replay records it once', async () => {
    const { token } = await registerAndLogin(t.app);
    const key = newKey();
    const send = () =>
      call(t.app, 'POST', '/api/wallet/add', {
        token,
        body: { amount: 300 },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.body).toMatchObject({ amount: 300, status: 'PENDING' });
    expect((await send()).body).toEqual(first.body);
    const st = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } });
    expect(st.body.total).toBe(1);
    expect(st.body.statements).toMatchObject([
      { statementType: 'deposit', channel: 'NOTICE', status: 'PENDING' },
    ]);
    expect(await walletAmount(t.app, token)).toBe(0);
    expectError(
      await call(t.app, 'POST', '/api/wallet/add', { token, body: { amount: 300 } }),
      400,
      'KEY_MISSING',
    );
  });
});
