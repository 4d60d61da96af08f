import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathParamsSchema, type Endpoint } from '@krapao/contract';
import type { z } from 'zod';

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
) {
  const params = pathParamsSchema(e.path);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    // The contract writes path parameters as {name}; Fastify's router wants :name.
    url: e.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: {
      ...(e.body ? { body: e.body } : {}),
      ...(params ? { params } : {}),
      response: { 200: e.response },
    },
    ...(e.auth ? { preHandler: app.authenticate } : {}),
    handler: (req) => handler(req, req.body as BodyOf<E>),
  });
}
