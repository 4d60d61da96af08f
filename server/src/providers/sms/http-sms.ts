import { requestJson } from '../../lib/http-json.ts';
import type { SmsSender } from './sms.ts';

/**
 * An SMS gateway reached over HTTP: POST {baseUrl}/messages {to, text}. The simulated inbox in sim/
 * speaks this, so the demo goes through a real network call like production would.
 */
export function httpSms(opts: { baseUrl: () => string; timeoutMs?: number }): SmsSender {
  return {
    async send(message) {
      const res = await requestJson('POST', `${opts.baseUrl()}/messages`, {
        body: message,
        timeoutMs: opts.timeoutMs,
      });
      if (res.status < 200 || res.status > 299) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
