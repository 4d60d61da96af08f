import type { FastifyInstance } from 'fastify';
import { signBody } from '../lib/crypto.ts';

/**
 * How the simulated bank and gateways call Krapao, as real ones do: a signed JSON post, sent again every
 * `retryMs` until Krapao acknowledges it (a 2xx, or a 4xx that refuses it for good). One attempt per
 * message at a time, so a retry never races the first send; a retry resends the same bytes. `onAnswer`
 * sees every answer that acknowledges a message, the first send's or a retry's.
 */
export function webhookOutbox(
  app: FastifyInstance,
  opts: {
    secret: string;
    retryMs?: number;
    onAnswer?: (key: string, status: number, body: unknown) => void;
  },
) {
  const waiting = new Map<string, { url: string; body: string }>();
  const sending = new Set<string>();
  const acknowledged = new Set<string>();

  async function send(key: string, url: string, body: string): Promise<{ status: number; body: unknown }> {
    waiting.set(key, { url, body });
    sending.add(key);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signBody(opts.secret, body) },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      const answer = { status: res.status, body: (await res.json().catch(() => null)) as unknown };
      if (res.status < 500) {
        waiting.delete(key);
        acknowledged.add(key);
        opts.onAnswer?.(key, answer.status, answer.body);
      }
      return answer;
    } catch {
      return { status: 0, body: null };
    } finally {
      sending.delete(key);
    }
  }

  const timer = setInterval(() => {
    for (const [key, m] of waiting) if (!sending.has(key)) void send(key, m.url, m.body);
  }, opts.retryMs ?? 1_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return { send, delivered: (key: string) => acknowledged.has(key) };
}
