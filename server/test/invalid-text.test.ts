// A NUL (or another forbidden character) anywhere a request carries text used to reach PostgreSQL and
// fail with 22021, a 500. It is refused once, by the contract's text schema and the path parameter check,
// as 400 INVALID_REQUEST, and changes nothing.
import { describe, expect, it } from 'vitest';
import { call, expectError, registerAndLogin, useTestApp } from './helpers.ts';
import { signedPost, WEBHOOK_SECRETS } from './signed-post.ts';

const OPS_TOKEN = 'operator-token-for-text-tests';
const t = useTestApp({ OPS_TOKEN, ...WEBHOOK_SECRETS });
const asOperator = { authorization: `Bearer ${OPS_TOKEN}` };

describe('[trust-2] NUL and other invalid text', () => {
  it('[trust-2] a NUL in a path parameter is INVALID_REQUEST: /api/statement/slip/reference/a%00b, DELETE /api/qrcode/Q%00', async () => {
    const { token } = await registerAndLogin(t.app);
    expectError(
      await call(t.app, 'GET', '/api/statement/slip/reference/a%00b', { token }),
      400,
      'INVALID_REQUEST',
    );
    expectError(await call(t.app, 'DELETE', '/api/qrcode/Q%00', { token }), 400, 'INVALID_REQUEST');
    expectError(await call(t.app, 'GET', '/api/qrcode/KB%07NK', { token }), 400, 'INVALID_REQUEST');
    // The same paths without the NUL still answer as before.
    expectError(await call(t.app, 'DELETE', '/api/qrcode/Q404', { token }), 404, 'NOT_FOUND');
  });

  it('[trust-2] a NUL, a control character or a lone surrogate in a member body is INVALID_REQUEST and changes nothing', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    expectError(
      await call(t.app, 'POST', '/api/login', {
        body: { username: `${reg.username}\u0000`, password: reg.password },
      }),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await call(t.app, 'POST', '/api/login', {
        body: { username: reg.username, password: 'pass\u0000word' },
      }),
      400,
      'INVALID_REQUEST',
    );
    const before = (await call(t.app, 'GET', '/api/account/profile', { token })).body;
    for (const name of ['Evil\u0000Name', 'Bell\u0007', 'Half \ud800 pair']) {
      const body = {
        name,
        bankCode: reg.bankCode,
        bankAccountName: reg.bankAccountName,
        bankAccountNo: reg.bankAccountNo,
      };
      expectError(await call(t.app, 'PUT', '/api/account/profile', { token, body }), 400, 'INVALID_REQUEST');
    }
    expect((await call(t.app, 'GET', '/api/account/profile', { token })).body).toEqual(before);
    expectError(
      await call(t.app, 'POST', '/api/account/validate', {
        body: { name: 'A\u0000', username: '0898765432', password: 'long enough 1' },
      }),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await call(t.app, 'POST', '/api/wallet/truelink', {
        token,
        headers: { 'idempotency-key': 'text-test-key-1' },
        body: { link: 'DEMOGOOD\u00000123456789abcd' },
      }),
      400,
      'INVALID_REQUEST',
    );
  });

  it('[trust-2] the operator API refuses a NUL in an id, a query or a body, and records nothing', async () => {
    const count = async () =>
      Number((await t.db.query<{ n: string }>('select count(*)::text as n from ops_actions'))[0]!.n);
    const before = await count();
    const ops = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(t.app, method, url, { headers: asOperator, ...(body === undefined ? {} : { body }) });
    expectError(await ops('POST', '/api/ops/withdrawals/W%00/approve'), 400, 'INVALID_REQUEST');
    expectError(await ops('POST', '/api/ops/withdrawals/W%00/reject'), 400, 'INVALID_REQUEST');
    expectError(await ops('GET', '/api/ops/withdrawals?status=PEN%00DING'), 400, 'INVALID_REQUEST');
    expectError(
      await ops('POST', '/api/ops/bank-feed/R%00/credit', { phone: '0812345678' }),
      400,
      'INVALID_REQUEST',
    );
    expectError(
      await ops('POST', '/api/ops/bank-feed/R1/credit', { phone: '08\u00001' }),
      400,
      'INVALID_REQUEST',
    );
    expectError(await ops('POST', '/api/ops/qr/refused/1%00/credit', {}), 400, 'INVALID_REQUEST');
    expectError(
      await ops('POST', '/api/ops/qr/refused/1/credit', { phone: '\ud800' }),
      400,
      'INVALID_REQUEST',
    );
    expect(await count()).toBe(before);
    // Still open to what it took before.
    expect((await ops('GET', '/api/ops/withdrawals?status=PENDING')).status).toBe(200);
    expectError(await ops('POST', '/api/ops/withdrawals/WNOSUCH/approve'), 409, 'WITHDRAWAL_NOT_PENDING');
  });

  it('[trust-2] signed webhooks: a QR callback with a NUL is INVALID_REQUEST; a bank-feed line with one is rejected on its own', async () => {
    const callback = {
      orderId: 'Q\u0000',
      transactionId: 'TXN1',
      amount: 100,
      status: 'PAID',
      paidAt: t.clock.now().toISOString(),
    };
    const qr = await signedPost(t.app, '/api/hooks/qr/WW', callback, WEBHOOK_SECRETS.QR_GATEWAY_SECRET);
    expectError(qr, 400, 'INVALID_REQUEST');
    const provider = await signedPost(
      t.app,
      '/api/hooks/qr/W%00W',
      { ...callback, orderId: 'Q1' },
      WEBHOOK_SECRETS.QR_GATEWAY_SECRET,
    );
    expectError(provider, 400, 'INVALID_REQUEST');

    const line = {
      reference: 'NUL\u0000REF',
      fromBankCode: 'KBANK',
      fromAccountNo: '0000000000',
      toAccountNo: '0481234567',
      amount: 100,
      receivedAt: t.clock.now().toISOString(),
    };
    const feed = await signedPost(
      t.app,
      '/api/hooks/bank-feed',
      { items: [line, { ...line, reference: 'CLEANREF1', fromBankCode: 'KB\u0000NK' }] },
      WEBHOOK_SECRETS.BANK_FEED_SECRET,
    );
    expect(feed.status).toBe(200);
    expect(feed.body.results).toEqual([
      { reference: '', outcome: 'REJECTED', reason: 'INVALID_LINE' },
      { reference: 'CLEANREF1', outcome: 'REJECTED', reason: 'INVALID_LINE' },
    ]);
    expect(await t.db.query(`select 1 from bank_feed_items where reference like 'CLEANREF%'`)).toEqual([]);
  });

  it('[trust-2] text stored before the rule (an operator pasting a form feed into a setting) still answers, marked, not a 500', async () => {
    await t.db.query(`update settings set value = $1 where key = 'site.conditions'`, [
      JSON.stringify({ content: { th: 'ข้อ\u000c1', la: 'ok', en: 'Rule\u00071' } }),
    ]);
    const res = await call(t.app, 'GET', '/api/lookup/conditions');
    expect(res.status).toBe(200);
    const { content } = res.body as { content: Record<string, string> };
    expect(content.th).toBe('ข้อ\uFFFD1');
    expect(content.la).toBe('ok');
    expect(content.en).toBe('Rule\uFFFD1');
  });
});
