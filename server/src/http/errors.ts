import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@krapao/contract';
import { DatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';

/**
 * The one error handler: every failure is { message: CODE } with a fitting status. A 5xx says only
 * INTERNAL_SERVER_ERROR, or SERVICE_UNAVAILABLE while the database cannot be reached (the request can be
 * sent again, with its Idempotency-Key); the details go to the log, never to the client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { code, status } = classify(err);
    // An outage fails every request alike: readiness reports it, the log notes each at warn.
    if (code === 'SERVICE_UNAVAILABLE')
      req.log.warn({ err: err.message }, 'request failed: database unavailable');
    else if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ code, status }, 'request refused');
    if (err instanceof AppError && err.retryAfterS !== undefined)
      void reply.header('retry-after', String(err.retryAfterS));
    const extra = err instanceof AppError ? err.extra : undefined;
    return reply.code(status).send({ ...extra, message: code });
  });
}

function classify(err: FastifyError): { code: ErrorCode; status: number } {
  if (err instanceof AppError) return { code: err.code, status: err.status };
  if (err instanceof DatabaseUnavailable) return { code: 'SERVICE_UNAVAILABLE', status: 503 };
  // P0006: a money function refused a frozen member's entry (db/functions/staff.sql).
  if ((err as { code?: unknown }).code === 'P0006') return { code: 'INACTIVE_USER', status: 403 };
  if (hasZodFastifySchemaValidationErrors(err) || err.validation)
    return { code: 'INVALID_REQUEST', status: 400 };
  const status = err.statusCode ?? 500;
  if (status === 429) return { code: 'TOO_MANY_REQUESTS', status };
  if (status === 404) return { code: 'NOT_FOUND', status };
  // Malformed JSON, wrong content type, a body too large, an empty JSON body...
  if (status >= 400 && status < 500) return { code: 'INVALID_REQUEST', status };
  return { code: 'INTERNAL_SERVER_ERROR', status: 500 };
}
