import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import cors from '@fastify/cors';
import { registerAreas } from './areas.ts';
import type { Config } from './config.ts';
import type { Ctx } from './context.ts';
import type { Db } from './db/db.ts';
import { appSecret } from './db/settings.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { answerSerializerCompiler } from './http/answer-text.ts';
import { registerAuth } from './http/auth.ts';
import { registerAnswerCompression } from './http/compress-answers.ts';
import { registerDrain } from './http/drain.ts';
import { registerErrorHandling } from './http/errors.ts';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.ts';
import { registerHealth } from './http/health.ts';
import { lazyDefaultCompilers } from './http/lazy-compilers.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { redactedRequest } from './http/redact.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerTermination } from './http/termination.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { serveWeb } from './http/web.ts';
import { registerJobs } from './jobs.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerMetrics } from './metrics/serve.ts';
import { chooseProviders, type GivenProviders } from './providers/index.ts';
import { registerRealtime } from './realtime/realtime.ts';
import { mountSimulatedWorld } from './simulated-world.ts';

export interface AppDeps extends GivenProviders {
  config: Config;
  db: Db;
  clock?: Clock;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Test hook: makes the simulated SMS gateway fail. */
  simFaults?: { smsDown?: () => boolean };
  /** Test hook: sees every route as it is added (test/api-doc.test.ts compares them with the API document). */
  onRoute?: (route: RouteOptions) => void;
}

const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * What the server is made of, put together in an order that matters: the hooks every request passes
 * (security headers, CORS, the refusal while draining, rate limit), the probes, the providers, the
 * metrics and the context services get, auth, realtime, the service's on/off switch, the API document
 * and its page (/api/openapi.json, /api/docs), the API's areas, the simulated world under /sim, the
 * background jobs, and the web app last (its catch-all answers whatever no route above took).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const logger = deps.logger ?? { level: config.logLevel };
  const app = Fastify({
    // A password in an auto-login path never reaches a log line (http/redact.ts).
    logger: typeof logger === 'object' ? { serializers: { req: redactedRequest }, ...logger } : logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // TRUST_PROXY: behind a load balancer, req.ip is the member's address (per-address limits need it).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While draining, http/drain.ts answers in the contract's words ({ message: 'SERVICE_UNAVAILABLE' }).
    return503OnClosing: false,
    // zod's compilers, set below, serve every route: Fastify's own load only if asked (a faster start).
    schemaController: { compilersFactory: lazyDefaultCompilers },
    // Fastify's and Node's own refusals (a bad URL, a long parameter, huge headers) in the contract's shape.
    frameworkErrors,
    clientErrorHandler,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app);
  registerAnswerCompression(app);
  if (config.corsOrigins.length)
    // Retry-After tells the web how long a REQUEST_LIMIT lasts; another origin may only read it if exposed.
    await app.register(cors, { origin: config.corsOrigins, exposedHeaders: ['Retry-After'] });
  registerDrain(app);
  const redis = await registerRateLimit(app, config);
  registerHealth(app, { db, redis, isDraining: () => app.draining });

  const ownUrl = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const secret = await appSecret(db, config.appSecret);
  const { chatFiles, gamesSecret, ...providers } = chooseProviders(config, deps, {
    secret,
    ownUrl,
    log: app.log,
  });
  const clock = deps.clock ?? systemClock;
  // GET /metrics and every request's timing (docs/metrics.md); services count money movements through ctx.
  const metrics = registerMetrics(app, { config, db, clock });
  const ctx: Ctx = {
    config,
    db,
    clock,
    secret,
    ...providers,
    metrics,
    publicUrl: () => config.publicUrl ?? ownUrl(),
    log: app.log,
  };

  registerAuth(app, ctx);
  registerRealtime(app, ctx);
  registerTermination(app, db, ctx.clock);
  registerApiDocs(app);
  // Chat messages reach their room on every instance through the realtime server (Redis adapter).
  const announce = (room: string, event: string, payload: unknown) =>
    app.realtime.toRoom(room, event, payload);
  await registerAreas(app, ctx, { announce, chatFiles });
  if (config.simulate && !config.simUrl) {
    await mountSimulatedWorld(app, {
      krapaoUrl: ownUrl,
      bankFeedSecret: ctx.bankFeedSecret!,
      qrGatewaySecret: ctx.qrGatewaySecret!,
      gamesSecret,
      clock: ctx.clock,
      smsDown: deps.simFaults?.smsDown,
    });
  }
  registerJobs(app, ctx, { chatFiles });
  await serveWeb(app, config.webDist);
  return app;
}
