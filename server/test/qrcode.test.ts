// QR deposits over real HTTP to the simulated gateways: create, show, cancel, expire, and the signed
// callback that alone credits the wallet, once.
import { describe, expect, it } from 'vitest';
import { QR_TTL_S } from '@krapao/contract';
import { parsePromptPay } from '../src/payments/promptpay.ts';
import {
  call,
  expectError,
  expectLedgerSound,
  makeApp,
  useTestApp,
  newKey,
  registerAndLogin,
  walletAmount,
} from './helpers.ts';
import {
  createQr,
  currentQr,
  paidBody,
  payAgainAtGateway,
  payAtGateway as scan,
  qrCallback,
} from './qr-gateway.ts';

/** What the server logged at warn and above: refused callbacks must leave a trace for the operator. */
const logged: string[] = [];
const t = useTestApp(
  { OPS_TOKEN: 'operator-token-for-tests' },
  { deps: { logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } } } },
);

const create = (token: string, provider: string, amount: number, key?: string) =>
  createQr(t, token, provider, amount, key);
const current = (token: string, provider: string) => currentQr(t, token, provider);
const payAtGateway = (payload: string) => scan(t, payload);
const callback = (provider: string, body: Record<string, unknown>, secret?: string) =>
  qrCallback(t, provider, body, secret);
const paid = (orderId: string, amount: number, over: Record<string, unknown> = {}) =>
  paidBody(t, orderId, amount, over);

describe('QR deposits', () => {
  it('[DEP-6] [DEP-7] a created QR carries a scannable PromptPay payload for the amount, as SVG, with its expiry', async () => {
    const { token } = await registerAndLogin(t.app);
    expect((await current(token, 'WW')).body).toMatchObject({ hasQrcode: false, qrcodeId: '' });

    const made = await create(token, 'WW', 150.25);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ hasQrcode: true, amount: 150.25, message: '' });
    // A bill payment that names the order, so the gateway can tell whose payment it is.
    expect(parsePromptPay(made.body.payload as string)).toMatchObject({
      amount: 150.25,
      ref2: made.body.qrcodeId,
    });
    expect(made.body.qrcode).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(made.body.expireIn).toBe(t.clock.now().getTime() + QR_TTL_S * 1000);

    // On load the panel finds the same QR again.
    expect((await current(token, 'WW')).body).toMatchObject({
      qrcodeId: made.body.qrcodeId,
      hasQrcode: true,
    });
  });

  it('[DEP-4] [laos-3] QR is offered for KBANK not AUTO and the baht payment gateways; anything else is refused', async () => {
    const { token } = await registerAndLogin(t.app);
    for (const provider of ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY']) {
      expect((await create(token, provider, 100)).body.hasQrcode).toBe(true);
    }
    expectError(await create(token, 'SCB', 100), 404, 'NOT_FOUND');
    // The Lao gateway collects kip: a baht wallet is not offered it.
    expectError(await create(token, 'ONEPAY', 50_000), 400, 'CURRENCY_NOT_OFFERED');
    await t.db.query(`update house_accounts set mode = 'AUTO' where bank_code = 'KBANK'`);
    try {
      expectError(await create(token, 'KBANK', 100), 404, 'NO_BANK');
    } finally {
      await t.db.query(`update house_accounts set mode = 'QR' where account_no = '0489876543'`);
    }
  });

  it('[DEP-8] amounts below the provider minimum are refused and make no QR', async () => {
    const { token } = await registerAndLogin(t.app);
    expectError(await create(token, 'WW', 99), 400, 'QR_MINIMUM');
    expectError(await create(token, 'PAYONEX', 99.99), 400, 'QR_MINIMUM');
    expectError(await create(token, 'PAYTIMZ', 9), 400, 'QR_MINIMUM');
    expectError(await create(token, 'ZPAY', 9.5), 400, 'QR_MINIMUM');
    expectError(await create(token, 'KBANK', 0.5), 400, 'QR_MINIMUM');
    expectError(await create(token, 'KBANK', 0), 400, 'INVALID_REQUEST');
    expect((await create(token, 'PAYTIMZ', 10)).body.hasQrcode).toBe(true);
    const [{ n }] = (await t.db.query<{ n: string }>(
      `select count(*) as n from qrcodes q join members m on m.id = q.member_id where m.phone = (
         select phone from members order by id desc limit 1)`,
    )) as [{ n: string }];
    expect(Number(n)).toBe(1);
  });

  it('[DEP-7] a new QR replaces the live one at that provider; a replayed create answers the same QR', async () => {
    const { token } = await registerAndLogin(t.app);
    const key = newKey();
    const first = await create(token, 'ZPAY', 50, key);
    const replay = await create(token, 'ZPAY', 50, key);
    expect(replay.body.qrcodeId).toBe(first.body.qrcodeId);
    expectError(await create(token, 'ZPAY', 60, key), 422, 'IDEMPOTENCY_KEY_REUSED');

    const second = await create(token, 'ZPAY', 70);
    expect(second.body.qrcodeId).not.toBe(first.body.qrcodeId);
    expect((await current(token, 'ZPAY')).body).toMatchObject({ qrcodeId: second.body.qrcodeId, amount: 70 });
    // The replaced QR can no longer be paid at the gateway.
    expect((await payAtGateway(first.body.payload as string)).status).toBe(404);
  });

  it('[DEP-7] cancel ends the QR at Krapao and at the gateway; cancelling again is NOT_FOUND', async () => {
    const { token } = await registerAndLogin(t.app);
    const made = await create(token, 'PAYONEX', 200);
    const cancelled = await call(t.app, 'DELETE', `/api/qrcode/${made.body.qrcodeId}`, { token });
    expect(cancelled.body).toEqual({ qrcodeId: made.body.qrcodeId, status: 'CANCELLED' });
    expect((await current(token, 'PAYONEX')).body.hasQrcode).toBe(false);
    expectError(
      await call(t.app, 'DELETE', `/api/qrcode/${made.body.qrcodeId}`, { token }),
      404,
      'NOT_FOUND',
    );
    // No open QR at the gateway carries that payload any more.
    expect((await payAtGateway(made.body.payload as string)).status).toBe(404);
  });

  it('[DEP-7] another member cannot see or cancel my QR', async () => {
    const me = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const made = await create(me.token, 'WW', 100);
    expect((await current(other.token, 'WW')).body.hasQrcode).toBe(false);
    expectError(
      await call(t.app, 'DELETE', `/api/qrcode/${made.body.qrcodeId}`, { token: other.token }),
      404,
      'NOT_FOUND',
    );
  });

  it('[DEP-7] at expiry the QR is gone and can no longer be paid', async () => {
    const { token } = await registerAndLogin(t.app);
    const made = await create(token, 'KBANK', 20);
    t.clock.advance(QR_TTL_S * 1000);
    try {
      expect((await current(token, 'KBANK')).body).toMatchObject({ hasQrcode: false, expireIn: 0 });
      expect((await payAtGateway(made.body.payload as string)).status).toBe(410);
    } finally {
      t.clock.advance(-QR_TTL_S * 1000);
    }
  });

  it('[DEP-7] a gateway that fails answers hasQrcode false with QR_FAIL', async () => {
    const failing = await makeApp(
      {},
      {
        deps: {
          qrGateway: {
            createQr: () => Promise.reject(new Error('gateway down')),
            cancelQr: () => Promise.resolve(),
          },
        },
      },
    );
    try {
      const { token } = await registerAndLogin(failing.app);
      const made = await call(failing.app, 'POST', '/api/qrcode/WW', {
        token,
        body: { amount: 100 },
        headers: { 'idempotency-key': newKey() },
      });
      expect(made.body).toMatchObject({ hasQrcode: false, message: 'QR_FAIL' });
    } finally {
      await failing.close();
    }
  });
});

describe('QR payment callbacks', () => {
  it('[DEP-7] paying the QR in the sandbox credits the wallet once and the statement shows it', async () => {
    const { token } = await registerAndLogin(t.app);
    const made = await create(token, 'PAYTIMZ', 321.5);
    const payment = await payAtGateway(made.body.payload as string);
    expect(payment.body.callback).toMatchObject({ status: 200, body: { outcome: 'CREDITED' } });
    expect(await walletAmount(t.app, token)).toBe(321.5);
    expect((await current(token, 'PAYTIMZ')).body.hasQrcode).toBe(false);

    // The gateway repeating its callback (a retry after a lost answer) changes nothing.
    const repeat = await payAgainAtGateway(t, made.body.qrcodeId as string);
    expect(repeat.callback.body).toEqual({ outcome: 'DUPLICATE' });
    expect(await walletAmount(t.app, token)).toBe(321.5);

    const statement = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } });
    expect(statement.body.statements).toEqual([
      expect.objectContaining({ statementType: 'deposit', channel: 'QR', amount: 321.5, status: 'SUCCESS' }),
    ]);
    await expectLedgerSound(t.db);
  });

  it('[DEP-6] two members paying QRs of the same amount each get their own payment', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const qrA = await create(a.token, 'PAYTIMZ', 140);
    const qrB = await create(b.token, 'PAYTIMZ', 140);
    expect(qrA.body.payload).not.toBe(qrB.body.payload);
    // B pays first; the payment is B's, not the older open QR of the same amount.
    expect((await payAtGateway(qrB.body.payload as string)).status).toBe(200);
    expect(await walletAmount(t.app, b.token)).toBe(140);
    expect(await walletAmount(t.app, a.token)).toBe(0);
    expect((await current(a.token, 'PAYTIMZ')).body.qrcodeId).toBe(qrA.body.qrcodeId);
  });

  it('the same callback delivered twice at once credits once', async () => {
    const { token } = await registerAndLogin(t.app);
    const made = await create(token, 'WW', 500);
    const body = paid(made.body.qrcodeId as string, 500);
    const answers = await Promise.all(Array.from({ length: 8 }, () => callback('WW', body)));
    const outcomes = answers.map((a) => a.json().outcome).sort();
    expect(outcomes.filter((o) => o === 'CREDITED')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DUPLICATE')).toHaveLength(7);
    expect(await walletAmount(t.app, token)).toBe(500);
    await expectLedgerSound(t.db);
  });

  it('callbacks with a bad signature, a wrong amount, an unknown or expired QR are refused, logged, and move nothing', async () => {
    const { token } = await registerAndLogin(t.app);
    const made = await create(token, 'WW', 100);
    const orderId = made.body.qrcodeId as string;

    const forged = await callback('WW', paid(orderId, 100), 'not-the-gateway-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'INVALID_SIGNATURE' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/hooks/qr/WW',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(paid(orderId, 100)),
    });
    expect(unsigned.statusCode).toBe(401);

    const wrongAmount = await callback('WW', paid(orderId, 1000));
    expect(wrongAmount.statusCode).toBe(422);
    expect(wrongAmount.json()).toEqual({ message: 'QR_AMOUNT_MISMATCH' });

    expect((await callback('WW', paid('QUNKNOWN000', 100))).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await callback('ZPAY', paid(orderId, 100))).json()).toEqual({ message: 'NOT_FOUND' });

    const late = await callback(
      'WW',
      paid(orderId, 100, { paidAt: new Date(made.body.expireIn as number).toISOString() }),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'QR_EXPIRED' });

    expect(await walletAmount(t.app, token)).toBe(0);
    await expectLedgerSound(t.db);
    const refusals = logged.join('');
    expect(refusals).toContain('QR gateway callback with a bad signature refused');
    for (const code of ['QR_AMOUNT_MISMATCH', 'NOT_FOUND', 'QR_EXPIRED']) {
      expect(refusals).toContain(`QR gateway callback refused: ${code}`);
    }
    expect(refusals).toContain(orderId);

    // The refused payments (not the forged ones) wait for the operator, with the member they were for.
    const refused = await call(t.app, 'GET', '/api/ops/qr/refused', {
      headers: { authorization: 'Bearer operator-token-for-tests' },
    });
    const mine = (
      refused.body as unknown as Array<{ order_id: string; reason: string; amount: number }>
    ).filter((r) => r.order_id === orderId || r.order_id === 'QUNKNOWN000');
    expect(mine.map((r) => `${r.reason} ${r.amount}`).sort()).toEqual([
      'NOT_FOUND 100',
      'NOT_FOUND 100',
      'QR_AMOUNT_MISMATCH 1000',
      'QR_EXPIRED 100',
    ]);
  });

  it('the operator credits a refused payment once, or records its refund; every decision is audited', async () => {
    const ops = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(t.app, method, url, { headers: { authorization: 'Bearer operator-token-for-tests' }, body });
    const { reg, token } = await registerAndLogin(t.app);
    const made = await create(token, 'PAYONEX', 120);
    const orderId = made.body.qrcodeId as string;
    // Paid one second too late, and a payment for a QR nobody knows.
    const late = paid(orderId, 120, { paidAt: new Date(made.body.expireIn as number).toISOString() });
    expect((await callback('PAYONEX', late)).statusCode).toBe(409);
    const stray = paid('QNOBODY00000001', 75);
    expect((await callback('PAYONEX', stray)).statusCode).toBe(404);
    const wrong = paid(orderId, 999);
    expect((await callback('PAYONEX', wrong)).statusCode).toBe(422);

    type Refused = { id: string; transaction_id: string; resolution: string | null };
    const refused = async () => (await ops('GET', '/api/ops/qr/refused')).body as unknown as Refused[];
    const idOf = async (tx: string) => (await refused()).find((r) => r.transaction_id === tx)!.id;

    const credited = await ops('POST', `/api/ops/qr/refused/${await idOf(late.transactionId)}/credit`, {});
    expect(credited.body).toMatchObject({
      resolution: 'CREDITED',
      depositId: expect.stringMatching(/^D\d+$/),
    });
    expect(await walletAmount(t.app, token)).toBe(120);
    // Once only.
    const again = await ops('POST', `/api/ops/qr/refused/${await idOf(late.transactionId)}/credit`, {});
    expectError(again, 404, 'NOT_FOUND');
    // An unknown QR has no member: the operator names one by phone.
    const strayId = await idOf(stray.transactionId);
    expectError(await ops('POST', `/api/ops/qr/refused/${strayId}/credit`, {}), 404, 'NO_USER');
    await ops('POST', `/api/ops/qr/refused/${strayId}/credit`, { phone: reg.username });
    expect(await walletAmount(t.app, token)).toBe(195);
    // The wrong amount went back to the payer at the gateway.
    const wrongId = await idOf(wrong.transactionId);
    expect((await ops('POST', `/api/ops/qr/refused/${wrongId}/refunded`, {})).body).toEqual({
      id: wrongId,
      resolution: 'REFUNDED',
    });
    expect(await walletAmount(t.app, token)).toBe(195);
    expect(
      (await refused())
        .filter((r) => [late, stray, wrong].some((p) => p.transactionId === r.transaction_id))
        .map((r) => r.resolution)
        .sort(),
    ).toEqual(['CREDITED', 'CREDITED', 'REFUNDED']);

    const actions = (await ops('GET', '/api/ops/actions')).body as unknown as Array<{
      action: string;
      target: string;
      outcome: string;
    }>;
    const mine = actions.filter(
      (a) => [strayId, wrongId].includes(a.target) || a.action === 'qr-payment.credit',
    );
    expect(mine.map((a) => `${a.action} ${a.outcome}`)).toEqual(
      expect.arrayContaining([
        'qr-payment.credit DONE',
        'qr-payment.credit NOT_FOUND',
        'qr-payment.credit NO_USER',
        'qr-payment.refunded DONE',
      ]),
    );
    await expectLedgerSound(t.db);
  });

  it('[DEP-7] a payment that crossed the cancel, the replacing QR or the expiry mark still credits once', async () => {
    const { token } = await registerAndLogin(t.app);
    // Three QRs paid while live at the gateway, whose callbacks reach Krapao only after it ended them.
    const cancelled = await create(token, 'WW', 100);
    const paidCancelled = paid(cancelled.body.qrcodeId as string, 100);
    await call(t.app, 'DELETE', `/api/qrcode/${cancelled.body.qrcodeId}`, { token });

    const replaced = await create(token, 'WW', 200);
    const paidReplaced = paid(replaced.body.qrcodeId as string, 200);
    await create(token, 'WW', 300);

    const expired = await create(token, 'ZPAY', 40);
    const paidExpired = paid(expired.body.qrcodeId as string, 40);
    t.clock.advance(QR_TTL_S * 1000);
    try {
      expect((await current(token, 'ZPAY')).body.hasQrcode).toBe(false);
    } finally {
      t.clock.advance(-QR_TTL_S * 1000);
    }

    for (const [provider, body] of [
      ['WW', paidCancelled],
      ['WW', paidReplaced],
      ['ZPAY', paidExpired],
    ] as const) {
      expect((await callback(provider, body)).json()).toEqual({ outcome: 'CREDITED' });
      expect((await callback(provider, body)).json()).toEqual({ outcome: 'DUPLICATE' });
    }
    expect(await walletAmount(t.app, token)).toBe(340);
    // The replacing QR is still the live one.
    expect((await current(token, 'WW')).body.amount).toBe(300);
    await expectLedgerSound(t.db);
  });

  it('a QR paid once cannot be credited again by a second payment', async () => {
    const { token } = await registerAndLogin(t.app);
    const made = await create(token, 'ZPAY', 10);
    const orderId = made.body.qrcodeId as string;
    expect((await callback('ZPAY', paid(orderId, 10))).json()).toEqual({ outcome: 'CREDITED' });
    expect((await callback('ZPAY', paid(orderId, 10))).statusCode).toBe(409);
    expect(await walletAmount(t.app, token)).toBe(10);
  });
});
