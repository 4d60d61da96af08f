// What the QR deposit tests do at Krapao and at the simulated gateways (qrcode.test.ts, qrcode-lao.test.ts):
// ask for a QR, pay it as a banking app would, and post callbacks as a gateway would, signed or not.
import { createHmac } from 'node:crypto';
import { hmac } from '../src/lib/crypto.ts';
import { baseUrl, call, newKey, type TestApp } from './helpers.ts';

/** POST /api/qrcode/{provider}: a new QR for the amount, under a new idempotency key (or `key`). */
export const createQr = (t: TestApp, token: string, provider: string, amount: number, key = newKey()) =>
  call(t.app, 'POST', `/api/qrcode/${provider}`, {
    token,
    body: { amount },
    headers: { 'idempotency-key': key },
  });

/** GET /api/qrcode/{provider}: the member's live (or just paid) QR there. */
export const currentQr = (t: TestApp, token: string, provider: string) =>
  call(t.app, 'GET', `/api/qrcode/${provider}`, { token });

/** What a banking app does after scanning: the gateway takes the payment and calls Krapao back. */
export async function payAtGateway(t: TestApp, payload: string) {
  const res = await fetch(`${baseUrl(t.app)}/sim/gateway/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload }),
  });
  return { status: res.status, body: (await res.json()) as { callback?: { status: number; body: unknown } } };
}

/** The QRs the simulated gateways hold, newest first. */
export const gatewayQrs = async (t: TestApp) =>
  (await fetch(`${baseUrl(t.app)}/sim/gateway/qrcodes`).then((r) => r.json())) as Array<{
    gatewayRef: string;
    provider: string;
    orderId: string;
    currency: string;
    amountMinor: string;
    status: string;
  }>;

/** The gateway pays the QR of our order `orderId` again: the same payment, its callback resent. */
export async function payAgainAtGateway(t: TestApp, orderId: string) {
  const ref = (await gatewayQrs(t)).find((q) => q.orderId === orderId)!.gatewayRef;
  const res = await fetch(`${baseUrl(t.app)}/sim/gateway/qrcodes/${ref}/pay`, { method: 'POST' });
  return (await res.json()) as { callback: { status: number; body: unknown } };
}

async function gatewaySecret(t: TestApp) {
  const [row] = await t.db.query<{ value: string }>(`select value from settings where key = 'app.secret'`);
  return hmac(row!.value, 'qr-gateway').toString('hex');
}

/** A callback as a gateway would post it, signed with the given secret (the real one by default). */
export async function qrCallback(
  t: TestApp,
  provider: string,
  body: Record<string, unknown>,
  secret?: string,
) {
  const raw = JSON.stringify(body);
  const key = secret ?? (await gatewaySecret(t));
  return t.app.inject({
    method: 'POST',
    url: `/api/hooks/qr/${provider}`,
    headers: {
      'content-type': 'application/json',
      'x-signature': `sha256=${createHmac('sha256', key).update(raw).digest('hex')}`,
    },
    payload: raw,
  });
}

/** A gateway's word that our QR `orderId` was paid just now, with a transaction id of its own. */
export const paidBody = (
  t: TestApp,
  orderId: string,
  amount: number,
  over: Record<string, unknown> = {},
) => ({
  orderId,
  transactionId: `TXN${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
  amount,
  status: 'PAID',
  paidAt: t.clock.now().toISOString(),
  ...over,
});
