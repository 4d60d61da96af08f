import type { PayoutOutcome, PayoutProvider } from './payouts.ts';

/** A bank's payout API over HTTP; the simulated bank in sim/ speaks it. */
export function httpPayouts(opts: { baseUrl: () => string; timeoutMs?: number }): PayoutProvider {
  const timeout = () => AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  return {
    async payout(order) {
      try {
        const res = await fetch(`${opts.baseUrl()}/payouts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...order, amountMinor: order.amountMinor.toString() }),
          signal: timeout(),
        });
        if (!res.ok) return { outcome: 'UNKNOWN' };
        const body = (await res.json()) as { status: PayoutOutcome; reason?: string };
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
      const res = await fetch(`${opts.baseUrl()}/payouts/${encodeURIComponent(reference)}`, {
        signal: timeout(),
      });
      if (res.status === 404) return 'NOT_FOUND';
      if (!res.ok) return 'UNKNOWN';
      return ((await res.json()) as { status: PayoutOutcome }).status;
    },
  };
}
