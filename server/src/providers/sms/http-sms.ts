import type { SmsSender } from './sms.ts';

/**
 * An SMS gateway reached over HTTP: POST {baseUrl}/messages {to, text}. The simulated inbox in sim/
 * speaks this, so the demo goes through a real network call like production would.
 */
export function httpSms(opts: { baseUrl: () => string; timeoutMs?: number }): SmsSender {
  return {
    async send(message) {
      const res = await fetch(`${opts.baseUrl()}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
