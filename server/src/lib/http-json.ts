import http from 'node:http';
import https from 'node:https';

/**
 * How long a connection may sit idle in the pool before Krapao closes it. It must end before the far side
 * closes it: a request sent on a connection the server is closing at that instant fails (ECONNRESET) with
 * its outcome unknown, which is how a browser test's OTP failed (OTP_SEND_FAIL) after 72 s of quiet, the
 * keep-alive of a Fastify server. Node's agent keeps an idle connection for ever unless told, and shortens
 * this to a server's `Keep-Alive: timeout=N` hint less a second where one is sent; 4 s is under the 5 s of
 * Node's and Apache's servers, which is as short as common ones go.
 */
export const IDLE_CONNECTION_MS = 4_000;

/**
 * JSON over HTTP with kept-alive connections: how Krapao calls every provider (payouts, QR gateways,
 * vouchers, slip lookups, SMS). node:http costs a fraction of fetch's CPU per call, which counts on the
 * payout path. Resolves with the status and the parsed body (null when not JSON); rejects on a network
 * error or after `timeoutMs` (10 s unless told), when the outcome is unknown.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64, timeout: IDLE_CONNECTION_MS }),
};

export interface JsonRequest {
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export function requestJson(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  { body, headers = {}, timeoutMs = 10_000 }: JsonRequest = {},
): Promise<{ status: number; body: unknown }> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? https.request : http.request;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method,
        agent: agents[target.protocol as 'http:' | 'https:'],
        timeout: timeoutMs,
        headers: payload
          ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: the caller sees null
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}
