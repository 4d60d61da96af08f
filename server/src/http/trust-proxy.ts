import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Whom to believe about a request's address (Fastify's trustProxy): false, the number of proxies in
 * front of the server (X-Forwarded-For is read from the right, that many hops), or the addresses and
 * CIDR ranges of the proxies. Without it every member behind a load balancer had the balancer's address,
 * so one member's failed logins limited everyone's.
 */
export type TrustProxy = false | number | string[];

const MAX_HOPS = 10;

/** TRUST_PROXY's value ("1", "10.0.0.0/8,192.168.1.7"); a message naming the mistake when it is wrong. */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_HOPS ? hops : { error: `at most ${MAX_HOPS} proxy hops` };
  }
  const entries = v.split(',').map((s) => s.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length) {
    return { error: `a hop count, or addresses and CIDR ranges separated by commas; not ${bad.join(', ')}` };
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy for it. Fastify 5 no longer honours a bare hop count (it fails closed, since a
 * client that reaches the server directly can write its own X-Forwarded-For), so a count becomes the
 * function proxy-addr asks: trust the first `hops` addresses, the socket's peer first. Use a count only
 * when the server is reachable through the proxies alone; otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(
  tp: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof tp === 'number' ? (_address, hop) => hop < tp : tp;
}

/**
 * The client's address as Fastify's req.ip has it for the same TRUST_PROXY, for a request that does not
 * go through Fastify's routes (the realtime handshake): the socket's peer when no proxy is trusted (an
 * X-Forwarded-For is then the client's own words), else the first untrusted address of the chain.
 */
export function clientAddressOf(tp: TrustProxy): (req: IncomingMessage) => string | undefined {
  const trust = fastifyTrustProxy(tp);
  if (trust === false) return (req) => req.socket.remoteAddress;
  const trusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (req) => {
    const chain = proxyAddr.all(req, trusted);
    return chain[chain.length - 1];
  };
}
