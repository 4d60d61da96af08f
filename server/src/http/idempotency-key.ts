import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@krapao/contract';

/** The Idempotency-Key header of a money-moving request, if any. */
export function idempotencyKey(req: FastifyRequest): string | undefined {
  const v = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  return typeof v === 'string' ? v : undefined;
}
