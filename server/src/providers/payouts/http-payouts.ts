import { requestJson } from '../../lib/http-json.ts';
import type { PayoutOutcome, PayoutProvider } from './payouts.ts';

/** A bank's payout API over HTTP; the simulated bank in sim/ speaks it. */
export function httpPayouts(opts: { baseUrl: () => string; timeoutMs?: number }): PayoutProvider {
  const { timeoutMs } = opts;
  return {
    async payout(order) {
      try {
        const res = await requestJson('POST', `${opts.baseUrl()}/payouts`, {
          body: { ...order, amountMinor: order.amountMinor.toString() },
          timeoutMs,
        });
        const body = res.body as { status?: PayoutOutcome; reason?: string } | null;
        if (res.status !== 200 || !body) return { outcome: 'UNKNOWN' };
        return {
          outcome: body.status === 'PAID' || body.status === 'FAILED' ? body.status : 'UNKNOWN',
          reason: body.reason,
        };
      } catch {
        // Timed out or cut off: the bank may or may not have paid. Never guess; the reconciler asks.
        return { outcome: 'UNKNOWN' };
      }
    },
    async status(reference) {
      const res = await requestJson('GET', `${opts.baseUrl()}/payouts/${encodeURIComponent(reference)}`, {
        timeoutMs,
      });
      if (res.status === 404) return 'NOT_FOUND';
      const body = res.body as { status?: PayoutOutcome } | null;
      if (res.status !== 200 || !body?.status) return 'UNKNOWN';
      return body.status;
    },
  };
}
