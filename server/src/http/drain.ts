// Shutting down without dropping what is in flight (main.ts calls app.drain on SIGTERM and SIGINT):
// 1. readiness answers 503 at once (http/health.ts), so the load balancer sends no one new;
// 2. the HTTP server stops accepting connections; a request that still arrives on an open keep-alive
//    connection is answered 503 SERVICE_UNAVAILABLE (the client sends it to another instance), and every
//    answer from now on closes its connection;
// 3. the realtime sockets close (realtime.ts's preClose): browsers reconnect, to another instance;
// 4. requests in flight finish, for up to the grace (SHUTDOWN_GRACE_MS); past it their connections are cut;
// 5. the onClose hooks stop the background jobs (jobs.ts), the outbox reader and Redis.
// The database is the caller's to close, after this.
import type { FastifyInstance } from 'fastify';
import { PROBE_PATHS } from './health.ts';

export interface Drained {
  /** The grace ran out: requests still in flight lost their connections. */
  forced: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the start of a drain, or of a plain close(), on. */
    readonly draining: boolean;
    /** Drains and closes the server (steps above); a second call answers the first one's promise. */
    drain: (graceMs: number) => Promise<Drained>;
  }
}

/** Needs Fastify's `return503OnClosing: false`: the refusal below speaks the contract's { message }. */
export function registerDrain(app: FastifyInstance) {
  let draining = false;
  let drained: Promise<Drained> | undefined;
  app.decorate('draining', { getter: () => draining });

  app.addHook('onRequest', async (req, reply) => {
    if (!draining || PROBE_PATHS.has(req.routeOptions.url ?? '')) return;
    return reply.code(503).send({ message: 'SERVICE_UNAVAILABLE' });
  });
  // Keep-alive connections would otherwise hold the server's close open until they idle out.
  app.addHook('onSend', async (_req, reply) => {
    if (draining) void reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    draining = true;
  });

  app.decorate('drain', (graceMs: number) => {
    drained ??= (async () => {
      draining = true;
      let forced = false;
      const cut = setTimeout(() => {
        forced = true;
        app.log.warn({ graceMs }, 'shutdown: requests still in flight after the grace; cutting them');
        app.server.closeAllConnections();
      }, graceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      return { forced };
    })();
    return drained;
  });
}
