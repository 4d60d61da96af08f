// The simulated world (bank, QR gateways, True Wallet vouchers, SMS inbox) answers a body it cannot take
// with 400, not a 500 or a 502; and the simulated bank neither resends a line Krapao answered nor drops a
// rejected one silently.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { simWorld } from '../src/sim/world.ts';
import { baseUrl, useTestApp } from './helpers.ts';

const t = useTestApp();

async function sim(method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl(t.app)}/sim${path}`, {
    method,
    redirect: 'manual',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

const INVALID = { message: 'INVALID_REQUEST' };

/** Each sim endpoint that takes a body, with `{}` and with wrong types. */
const cases: Array<[string, string, unknown]> = [
  ['POST', '/sms/messages', {}],
  ['POST', '/sms/messages', { to: 812345678, text: ['code'] }],
  ['POST', '/bank/config', { payoutMode: 5 }],
  ['POST', '/bank/config', { verifyMode: 'explode' }],
  ['POST', '/bank/payouts', {}],
  ['POST', '/bank/payouts', { reference: 1, amountMinor: 100, accountNo: null }],
  ['POST', '/bank/payouts', { reference: 'W1', amountMinor: '1.5', accountNo: '123' }],
  ['POST', '/bank/transfers', {}],
  ['POST', '/bank/transfers', { fromBankCode: 1, fromAccountNo: [], toAccountNo: {}, amount: '10' }],
  [
    'POST',
    '/bank/transfers',
    { fromBankCode: 'KBANK', fromAccountNo: '1234567890', toAccountNo: '0481234567', amount: 1e-9 },
  ],
  [
    'POST',
    '/bank/transfers',
    {
      fromBankCode: 'KBANK',
      fromAccountNo: '1234567890',
      toAccountNo: '0481234567',
      amount: 10,
      transferredAt: 'yesterday',
    },
  ],
  ['POST', '/gateway/qrcodes', {}],
  [
    'POST',
    '/gateway/qrcodes',
    { provider: 'WW', orderId: 'Q1', amountMinor: 'abc', expiresAt: 'soon', callbackUrl: 5 },
  ],
  ['POST', '/gateway/scan', {}],
  ['POST', '/gateway/scan', { payload: 5 }],
  ['POST', '/gateway/sandbox/pay', { ref: 5 }],
  ['POST', '/truewallet/vouchers', {}],
  ['POST', '/truewallet/vouchers', { amount: 'lots', recipients: 'two' }],
];

describe('[trust-7] the simulated world refuses bad bodies with 400', () => {
  it.each(cases)('[trust-7] %s /sim%s %j answers 400 INVALID_REQUEST', async (method, path, body) => {
    expect(await sim(method, path, body)).toEqual({ status: 400, body: INVALID });
  });

  it('[trust-7] the voucher service answers a bad redeem in its own shape', async () => {
    for (const body of [{}, { mobile: 812345678 }]) {
      const res = await sim('POST', '/truewallet/campaign/vouchers/DEMOGOOD0123456789abcd/redeem', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: { code: 'INVALID_REQUEST' } });
    }
  });

  it('[trust-7] a body that is valid but empty still works where nothing is required, and unknown ids are 404', async () => {
    expect(await sim('POST', '/bank/config', {})).toEqual({
      status: 200,
      body: { payoutMode: 'pay', verifyMode: 'ok' },
    });
    expect((await sim('POST', '/bank/transfers/NOPE/report')).status).toBe(404);
    expect((await sim('POST', '/gateway/qrcodes/NOPE/pay')).status).toBe(404);
    expect((await sim('GET', '/sms/inbox?phone=0812345678')).status).toBe(200);
  });
});

describe('[DEP-11] the simulated bank and the per-line answer', () => {
  it('[DEP-11] a line Krapao rejects is logged and marked on the transfer, and not sent again', async () => {
    const logs: string[] = [];
    const world = Fastify({
      logger: {
        level: 'warn',
        stream: new Writable({
          write(chunk, _enc, done) {
            logs.push(String(chunk));
            done();
          },
        }),
      },
    });
    let calls = 0;
    // Stands in for Krapao: refuses every line, as it does a line whose amount is not whole satang.
    world.post('/api/hooks/bank-feed', async (req) => {
      calls++;
      const items = (req.body as { items: Array<{ reference: string }> }).items;
      return {
        results: items.map((i) => ({
          reference: i.reference,
          outcome: 'REJECTED',
          reason: 'INVALID_AMOUNT',
        })),
      };
    });
    await world.register(simWorld, {
      prefix: '/sim',
      krapaoUrl: () => `http://127.0.0.1:${(world.server.address() as { port: number }).port}`,
      bankFeedSecret: 'sim-test-secret-123456',
      qrGatewaySecret: 'sim-test-secret-654321',
      clock: manualClock(new Date('2026-11-21T10:00:00Z')),
    });
    await world.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(world.server.address() as { port: number }).port}/sim/bank`;
      const made = await fetch(`${url}/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fromBankCode: 'KBANK',
          fromAccountNo: '1234567890',
          toAccountNo: '0481234567',
          amount: 10,
          reference: 'SIMREJ1',
        }),
      });
      expect(made.status).toBe(200);
      await new Promise((r) => setTimeout(r, 1_500)); // longer than the outbox's retry interval
      expect(calls).toBe(1);
      const listed = (await (await fetch(`${url}/transfers`)).json()) as Array<Record<string, unknown>>;
      expect(listed.find((x) => x.reference === 'SIMREJ1')).toMatchObject({
        delivered: true,
        feedRejected: 'INVALID_AMOUNT',
      });
      expect(logs.some((l) => l.includes('SIMREJ1') && l.includes('rejected'))).toBe(true);
    } finally {
      await world.close();
    }
  });
});
