import type { FastifyInstance } from 'fastify';
import { statement } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function statementRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, statement.getStatement, (req, body) =>
    service.getStatement(ctx, sessionOf(req).memberId, body.page, body.limit),
  );
}
