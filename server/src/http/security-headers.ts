import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers on every answer. Built once: @fastify/helmet built the whole helmet middleware again
 * for every request (3 % of the server's CPU under `npm run bench:api`); these headers never vary.
 */
const securityHeaders = helmet({
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

/** Sets the headers on the raw answer first; a route may still set its own (a file's stricter CSP). */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
}
