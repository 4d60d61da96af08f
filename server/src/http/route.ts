import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathParamsSchema, type Endpoint, type EndpointHeader } from '@krapao/contract';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint route() registered the route for. */
    endpoint?: Endpoint;
    /**
     * An auth endpoint whose money call reads the session itself (http/session-caller.ts): the route
     * checks only that a well-formed token came, and its handler takes callerOf(req).
     */
    sessionInCall?: boolean;
  }
}

/** The body of a contract endpoint, as its schema parses it. */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.infer<E['body']> : undefined;

/**
 * Registers a contract endpoint: the body and the path parameters are validated (a NUL or another
 * forbidden character in /api/qrcode/Q%00 is INVALID_REQUEST here, not a database error later) and the
 * answer serialised with the contract's schemas; endpoints marked auth need a live session. Routes stay
 * thin: they call one service function.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (req: FastifyRequest, body: BodyOf<E>) => Promise<z.input<E['response']>>,
  /** More of the route's config (a console route's permission: modules/staff/console-scope.ts). */
  config: Omit<FastifyContextConfig, 'endpoint'> = {},
) {
  const params = pathParamsSchema(e.path);
  // The API document shows a file form only where the contract declares `upload`: a route that reads
  // multipart bodies (its scope registered @fastify/multipart) declares it, and only such a route does.
  if (Boolean(e.upload) !== app.hasContentTypeParser('multipart/form-data'))
    throw new Error(
      `${e.method} ${e.path}: declare upload in its contract endpoint exactly where it takes a file`,
    );
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    // The contract writes path parameters as {name}; Fastify's router wants :name.
    url: e.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: {
      ...(e.body ? { body: e.body } : {}),
      ...(params ? { params } : {}),
      response: { 200: e.response },
    },
    ...(e.auth ? { preHandler: config.sessionInCall ? app.bearer : app.authenticate } : {}),
    config: { ...config, endpoint: e },
    handler: (req) => handler(req, req.body as BodyOf<E>),
  });
}

/** The contract endpoint a request was routed to by route(); undefined for a route of its own. */
export function endpointOf(req: FastifyRequest): Endpoint | undefined {
  return req.routeOptions.config.endpoint;
}

/**
 * A request header the endpoint declares in the contract (Endpoint.headers), so the API document lists
 * every header the server reads: reading an undeclared one is a programming error, and fails the route's
 * tests with a message saying what to declare.
 */
export function declaredHeader(req: FastifyRequest, name: EndpointHeader): string | undefined {
  if (!endpointOf(req)?.headers?.[name])
    throw new Error(
      `${req.method} ${req.routeOptions.url} reads ${name}: declare it in its contract endpoint's headers`,
    );
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}
