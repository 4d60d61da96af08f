// Amounts that round to zero satang (1e-9, 5e-324) passed a "two decimals" check and gave 500s, withdrew
// a whole wallet, and blocked a bank's feed. Amounts are read exactly now, and the bank feed answers each
// line on its own.
import { describe, expect, it } from 'vitest';
import {
  expectError,
  expectLedgerSound,
  newKey,
  registerAndLogin,
  useTestApp,
  walletAmount,
} from './helpers.ts';
import { signedPost, WEBHOOK_SECRETS } from './signed-post.ts';

const t = useTestApp({ ...WEBHOOK_SECRETS });

/** JSON as a client may write it: the amounts as literal number text, exponents and all. */
const withAmount = (amount: string) => `{"amount":${amount}}`;
const post = (url: string, token: string, raw: string) =>
  t.app
    .inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'wallet-user',
        authorization: `Bearer ${token}`,
        'idempotency-key': newKey(),
      },
      payload: raw,
    })
    .then((res) => ({ status: res.statusCode, body: res.json() as { message?: string } }));

async function rowsOf(table: string, memberId: string) {
  const [row] = await t.db.query<{ n: string }>(
    `select count(*)::text as n from ${table} where member_id = (select id from members where public_id = $1)`,
    [memberId],
  );
  return Number(row!.n);
}

describe('[trust-3] amounts that round to zero satang', () => {
  it('[trust-3] /api/wallet/add with 1e-9 or 5e-324 is INVALID_REQUEST and records no notice', async () => {
    const { token, id } = await registerAndLogin(t.app);
    for (const amount of ['1e-9', '5e-324', '0.001', '1.005', '0'])
      expectError(await post('/api/wallet/add', token, withAmount(amount)), 400, 'INVALID_REQUEST');
    expect(await rowsOf('deposits', id)).toBe(0);
    expect((await post('/api/wallet/add', token, withAmount('0.01'))).status).toBe(200);
  });

  it('[trust-3] withdrawAll {"amount":1e-9} is INVALID_REQUEST, not "balance seen 0": nothing is withdrawn', async () => {
    const { reg, token, id } = await registerAndLogin(t.app);
    const raw = `{"items":[${feedLine(reg, '500', 'AMT-WDALL')}]}`;
    const credit = await signedPost(t.app, '/api/hooks/bank-feed', raw, WEBHOOK_SECRETS.BANK_FEED_SECRET);
    expect(credit.body.results).toEqual([{ reference: 'AMT-WDALL', outcome: 'CREDITED' }]);
    for (const amount of ['1e-9', '5e-324'])
      expectError(await post('/api/wallet/withdrawAll', token, withAmount(amount)), 400, 'INVALID_REQUEST');
    for (const amount of ['1e-9', '5e-324', '100.001'])
      expectError(await post('/api/wallet/withdraw', token, withAmount(amount)), 400, 'INVALID_REQUEST');
    expectError(await post('/api/qrcode/KBANK', token, withAmount('1e-9')), 400, 'INVALID_REQUEST');
    expect(await walletAmount(t.app, token)).toBe(500);
    expect(await rowsOf('withdrawals', id)).toBe(0);
    await expectLedgerSound(t.db);
  });
});

/** One bank-feed line from the member's registered account, its amount written as given. */
function feedLine(reg: { bankCode: string; bankAccountNo: string }, amount: string, reference: string) {
  return `{"reference":"${reference}","fromBankCode":"${reg.bankCode}","fromAccountNo":"${reg.bankAccountNo}","toAccountNo":"0481234567","amount":${amount},"receivedAt":"${t.clock.now().toISOString()}"}`;
}

describe('[DEP-11] the bank feed line by line', () => {
  it('[DEP-11] a signed batch of 11 / 1e-9 / 13 credits 11 and 13 and rejects the middle line; a resend answers the same and moves nothing', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const raw = `{"items":[${[
      feedLine(reg, '11', 'BATCH-11'),
      feedLine(reg, '1e-9', 'BATCH-TINY'),
      feedLine(reg, '13', 'BATCH-13'),
    ].join(',')}]}`;
    const first = await signedPost(t.app, '/api/hooks/bank-feed', raw, WEBHOOK_SECRETS.BANK_FEED_SECRET);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { reference: 'BATCH-11', outcome: 'CREDITED' },
      { reference: 'BATCH-TINY', outcome: 'REJECTED', reason: 'INVALID_AMOUNT' },
      { reference: 'BATCH-13', outcome: 'CREDITED' },
    ]);
    expect(await walletAmount(t.app, token)).toBe(24);

    const again = await signedPost(t.app, '/api/hooks/bank-feed', raw, WEBHOOK_SECRETS.BANK_FEED_SECRET);
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual([
      { reference: 'BATCH-11', outcome: 'DUPLICATE' },
      { reference: 'BATCH-TINY', outcome: 'REJECTED', reason: 'INVALID_AMOUNT' },
      { reference: 'BATCH-13', outcome: 'DUPLICATE' },
    ]);
    expect(await walletAmount(t.app, token)).toBe(24);
    expect(await t.db.query(`select 1 from bank_feed_items where reference = 'BATCH-TINY'`)).toEqual([]);
    await expectLedgerSound(t.db);
  });

  it('[DEP-11] 5e-324, a missing field or a line that is not an object is rejected alone; the batch itself must still be a batch', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const raw = `{"items":[${[
      feedLine(reg, '5e-324', 'ODD-1'),
      '{"reference":"ODD-2","amount":20}',
      '"not a line"',
      feedLine(reg, '7.25', 'ODD-4'),
    ].join(',')}]}`;
    const res = await signedPost(t.app, '/api/hooks/bank-feed', raw, WEBHOOK_SECRETS.BANK_FEED_SECRET);
    expect(res.body.results).toEqual([
      { reference: 'ODD-1', outcome: 'REJECTED', reason: 'INVALID_AMOUNT' },
      { reference: 'ODD-2', outcome: 'REJECTED', reason: 'INVALID_LINE' },
      { reference: '', outcome: 'REJECTED', reason: 'INVALID_LINE' },
      { reference: 'ODD-4', outcome: 'CREDITED' },
    ]);
    expect(await walletAmount(t.app, token)).toBe(7.25);
    for (const bad of ['{"items":[]}', '{"items":"x"}', '{}'])
      expectError(
        await signedPost(t.app, '/api/hooks/bank-feed', bad, WEBHOOK_SECRETS.BANK_FEED_SECRET),
        400,
        'INVALID_REQUEST',
      );
  });
});
