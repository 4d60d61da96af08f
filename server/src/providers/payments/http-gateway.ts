import { requestJson } from '../../lib/http-json.ts';
import type { QrGateway } from './payments.ts';

/** A QR payment gateway's API over HTTP; the simulated gateway in sim/ speaks it. */
export function httpQrGateway(opts: { baseUrl: () => string; timeoutMs?: number }): QrGateway {
  const { timeoutMs } = opts;
  return {
    async createQr(order) {
      const res = await requestJson('POST', `${opts.baseUrl()}/qrcodes`, {
        body: {
          provider: order.provider,
          orderId: order.orderId,
          currency: order.currency,
          amountMinor: order.amountMinor.toString(),
          expiresAt: order.expiresAt.toISOString(),
          callbackUrl: order.callbackUrl,
        },
        timeoutMs,
      });
      const body = res.body as { gatewayRef?: string; payload?: string } | null;
      if (res.status !== 200 || !body?.gatewayRef || !body.payload) {
        throw new Error(`gateway answered ${res.status}`);
      }
      return { gatewayRef: body.gatewayRef, payload: body.payload };
    },
    async cancelQr(provider, gatewayRef) {
      await requestJson('DELETE', `${opts.baseUrl()}/qrcodes/${encodeURIComponent(gatewayRef)}`, {
        headers: { 'x-provider': provider },
        timeoutMs,
      });
    },
  };
}
