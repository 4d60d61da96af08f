import { createHash } from 'node:crypto';
import { requestJson } from '../../lib/http-json.ts';
import type { AlertSender } from './alerts.ts';

/** A UUID made from the alert's id, the same on every retry (LINE asks for a UUID as the retry key). */
function retryKey(id: string): string {
  const h = createHash('sha256').update(`krapao-alert:${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The LINE Messaging API's push message: POST {apiUrl}/v2/bot/message/push {to, messages: [{type: 'text',
 * text}]} under the channel access token, answered 200 {sentMessages}. `to` is the operator's group id.
 * X-Line-Retry-Key makes a retry after a lost answer send nothing twice (409 means it was sent).
 */
export function lineAlerts(opts: {
  apiUrl: () => string;
  channelToken: string;
  to: string;
  timeoutMs?: number;
}): AlertSender {
  return {
    channel: 'line',
    async send({ id, text }) {
      const res = await requestJson('POST', `${opts.apiUrl()}/v2/bot/message/push`, {
        headers: { authorization: `Bearer ${opts.channelToken}`, 'x-line-retry-key': retryKey(id) },
        body: { to: opts.to, messages: [{ type: 'text', text }] },
        timeoutMs: opts.timeoutMs,
      });
      if (res.status !== 200 && res.status !== 409) throw new Error(`LINE answered ${res.status}`);
    },
  };
}
