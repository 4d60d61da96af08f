import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers on every answer. Built once: @fastify/helmet built the whole helmet middleware again
 * for every request (3 % of the server's CPU under `npm run bench:api`); these headers never vary.
 */
export const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes CSS variables into style attributes and a style tag.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // HELP-1: the operator may point a how-to video, and its poster, to their own https address.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'https:'],
      // 'self' covers the realtime socket's ws:/wss: on the same host (CSP Level 3).
      connectSrc: ["'self'"],
      // The app's service worker (/sw.js) and its manifest; default-src says so too, named for clarity.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // TLS ends at the operator's load balancer; upgrading would break the app served over plain HTTP
      // on a local address (the demo, a LAN test).
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * Every API answer is `Cache-Control: no-store`: nearly all carry a member's data or a secret (the wallet,
 * the profile with its phone and bank account, a game account with its password, sessions, OTP tickets),
 * the rest (lookups, settings) change when the operator says and are cheap to answer, and a rule for all
 * cannot forget the next endpoint. A shared cache, or the browser's disk after logout, must keep none of
 * them. A route may still say otherwise for a file of its own: the slip and chat pictures (`private`,
 * behind their own short-lived links) and the API document, which is no one's data.
 */
export const API_CACHE_CONTROL = 'no-store';

/** Sets the headers on the raw answer first; a route may still set its own (a file's stricter CSP). */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => {
      if (isApiPath(req.raw.url)) reply.raw.setHeader('cache-control', API_CACHE_CONTROL);
      done(err as Error | undefined);
    }),
  );
}

export const isApiPath = (url: string | undefined) => url === '/api' || Boolean(url?.startsWith('/api/'));

/**
 * The headers helmet sets, as a fixed list, for answers written straight to a socket (http/framework-errors.ts):
 * they never vary with the request.
 */
export const fixedSecurityHeaders: ReadonlyArray<readonly [string, string]> = (() => {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  securityHeaders({} as never, res as never, () => undefined);
  return headers;
})();
