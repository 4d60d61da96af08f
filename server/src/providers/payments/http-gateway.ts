import type { QrGateway } from './payments.ts';

/** A QR payment gateway's API over HTTP; the simulated gateway in sim/ speaks it. */
export function httpQrGateway(opts: { baseUrl: () => string; timeoutMs?: number }): QrGateway {
  const timeout = () => AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  return {
    async createQr(order) {
      const res = await fetch(`${opts.baseUrl()}/qrcodes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          provider: order.provider,
          orderId: order.orderId,
          amountMinor: order.amountMinor.toString(),
          expiresAt: order.expiresAt.toISOString(),
          callbackUrl: order.callbackUrl,
        }),
        signal: timeout(),
      });
      if (!res.ok) throw new Error(`gateway answered ${res.status}`);
      const body = (await res.json()) as { gatewayRef: string; payload: string };
      return { gatewayRef: body.gatewayRef, payload: body.payload };
    },
    async cancelQr(provider, gatewayRef) {
      await fetch(`${opts.baseUrl()}/qrcodes/${encodeURIComponent(gatewayRef)}`, {
        method: 'DELETE',
        headers: { 'x-provider': provider },
        signal: timeout(),
      });
    },
  };
}
