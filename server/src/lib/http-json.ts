import http from 'node:http';
import https from 'node:https';

/**
 * JSON over HTTP with kept-alive connections: how Krapao calls every provider (payouts, QR gateways,
 * vouchers, slip lookups, SMS). node:http costs a fraction of fetch's CPU per call, which counts on the
 * payout path. Resolves with the status and the parsed body (null when not JSON); rejects on a network
 * error or after `timeoutMs` (10 s unless told), when the outcome is unknown.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
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
