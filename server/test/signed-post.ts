import type { FastifyInstance } from 'fastify';
import { signBody } from '../src/lib/crypto.ts';

/** Secrets of the signed webhooks, set for the test apps that post to them as a bank or gateway would. */
export const WEBHOOK_SECRETS = {
  BANK_FEED_SECRET: 'bank-feed-secret-for-tests',
  QR_GATEWAY_SECRET: 'qr-gateway-secret-for-tests',
} as const;

/** Posts a body to a signed webhook (bank feed, QR gateway callback) with the right X-Signature. */
export async function signedPost(app: FastifyInstance, url: string, body: unknown, secret: string) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { message?: string } };
}
