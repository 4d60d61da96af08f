import type { FastifyInstance } from 'fastify';
import { agreements } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

/** HOME-2: the member's acceptance of the agreements (the texts are GET /api/lookup/agreements). */
export function agreementRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, agreements.getStatus, (req) => service.status(ctx, sessionOf(req).memberId));
  route(app, agreements.accept, (req, body) => service.accept(ctx, sessionOf(req).memberId, body.version));
}
