import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@krapao/contract';
import { declaredHeader } from './route.ts';

/** The Idempotency-Key header of a money-moving request, if any (its endpoint declares it). */
export function idempotencyKey(req: FastifyRequest): string | undefined {
  return declaredHeader(req, IDEMPOTENCY_HEADER);
}
