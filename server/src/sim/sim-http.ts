import type { FastifyError, FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@krapao/contract';

/**
 * The simulated world checks what it is sent as a real provider's API would: a body that does not match
 * an endpoint's schema is 400 { message: 'INVALID_REQUEST' } (it was a 500, or a 502 when the bad value
 * reached Krapao's bank feed). It sets this up in its own scope, since it also runs as its own process
 * (sim/main.ts, the crash test) without the server's error handler.
 */
export function simRequests(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'simulated world failed');
      return reply.code(500).send({ message: 'INTERNAL_SERVER_ERROR' });
    }
    // A schema mismatch, malformed JSON, an empty JSON body, a body too large: the sender's mistake.
    return reply.code(status).send({ message: status === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST' });
  });
}

/** An id, a reference or a phone in a sim body. */
export const simText = (max: number) => text().trim().min(1).max(max);
/** Satang as the providers' APIs carry it: a decimal string of a positive whole number. */
export const minorText = text().regex(/^[1-9]\d{0,14}$/);
export const isoTime = text().datetime({ offset: true });
export const optionalBody = <T extends z.ZodRawShape>(shape: T) => z.object(shape).nullish();
