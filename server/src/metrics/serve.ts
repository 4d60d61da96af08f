// GET /metrics in Prometheus's text format (docs/metrics.md): on its own listener at METRICS_PORT (bound
// to HOST, never the public port), else on the main port behind METRICS_TOKEN, else nowhere, and then
// nothing is collected either. Each app has its own registry: several apps may live in one process
// (tests), and prom-client's global registry would mix them.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../errors.ts';
import type { Clock } from '../lib/clock.ts';
import { sameBytes, sha256 } from '../lib/crypto.ts';
import { gauges } from './gauges.ts';
import { noMetrics, type Metrics } from './metrics.ts';
import { moneyMetrics } from './money.ts';

export const METRICS_PATH = '/metrics';
/** The route label of a request no route matched (a 404, a web page): one label, whatever the URL. */
const UNMATCHED = 'unmatched';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the METRICS_PORT listener listens; undefined without one (or before the app is ready). */
    metricsAddress: () => AddressInfo | undefined;
  }
}

/**
 * Registers the request histogram, the /metrics route or listener, and the collectors; answers what
 * Ctx.metrics is. Called before the routes, so that every route's requests are timed.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { config: Config; db: Db; clock: Clock },
): Metrics {
  const { config, db, clock } = deps;
  let listener: Server | undefined;
  app.decorate('metricsAddress', () => (listener?.address() as AddressInfo | null) ?? undefined);
  if (config.metricsPort === undefined && config.metricsToken === undefined) {
    notOnThisPort(app);
    return noMetrics;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  timeRequests(app, registry);
  const sources = gauges(registry, db, clock, app.log);
  const metrics: Metrics = { money: moneyMetrics(registry, db, app.log), ...sources };

  const authorized = tokenCheck(config.metricsToken);
  if (config.metricsPort === undefined) {
    app.get(METRICS_PATH, { logLevel: 'warn', config: { rateLimit: false } }, async (req, reply) => {
      if (!authorized(req.headers.authorization)) throw new AppError('UNAUTHORIZED', 401);
      return reply.type(registry.contentType).send(await registry.metrics());
    });
    return metrics;
  }

  notOnThisPort(app);
  app.addHook('onReady', async () => {
    listener = createServer((req, res) => {
      answer(req, registry, authorized).then(
        ({ status, type, body }) => res.writeHead(status, { 'content-type': type }).end(body),
        (err: unknown) => {
          app.log.warn({ err }, 'metrics: the scrape failed');
          res.writeHead(500).end();
        },
      );
    });
    const server = listener;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.metricsPort, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    const server = listener;
    if (!server) return;
    // Prometheus keeps its connection open between scrapes: close it rather than wait for it.
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
  });
  return metrics;
}

/**
 * Where the main port does not serve /metrics, it answers the API's 404 rather than the web app's
 * index.html (its catch-all), so a scraper or a probe pointed at the wrong port fails plainly.
 */
function notOnThisPort(app: FastifyInstance) {
  app.get(METRICS_PATH, { logLevel: 'warn', config: { rateLimit: false } }, (_req, reply) =>
    reply.code(404).send({ message: 'NOT_FOUND' }),
  );
}

/** The METRICS_PORT listener's answer: GET /metrics, with the token when one is set; nothing else. */
async function answer(req: IncomingMessage, registry: Registry, authorized: (header?: string) => boolean) {
  const path = (req.url ?? '').split('?')[0];
  if (req.method !== 'GET' || path !== METRICS_PATH)
    return { status: 404, type: 'text/plain', body: 'not found' };
  if (!authorized(req.headers.authorization))
    return { status: 401, type: 'text/plain', body: 'unauthorized' };
  return { status: 200, type: registry.contentType, body: await registry.metrics() };
}

/** Bearer METRICS_TOKEN, compared by hash in constant time; anything goes when no token is set. */
function tokenCheck(token: string | undefined): (header?: string) => boolean {
  if (token === undefined) return () => true;
  const expected = sha256(token);
  return (header) => sameBytes(sha256(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? ''), expected);
}

/**
 * krapao_http_request_duration_seconds by the route's URL pattern (/api/qrcode/:provider, never the URL
 * itself: a label per distinct URL would grow without end), the method and the status class.
 */
function timeRequests(app: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: 'krapao_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class, in seconds',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED;
    if (route !== METRICS_PATH) {
      duration.observe(
        { route, method: req.method, status: `${Math.floor(reply.statusCode / 100)}xx` },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
}
