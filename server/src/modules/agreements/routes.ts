import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agreements } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { operatorAuth } from '../../http/operator-auth.ts';
import { audited } from '../ops/service.ts';
import * as service from './service.ts';

/** HOME-2: the member's acceptance of the agreements (the texts are GET /api/lookup/agreements). */
export function agreementRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  route(app, agreements.getStatus, (req) => service.status(ctx, sessionOf(req).memberId));
  route(app, agreements.accept, (req, body) => service.accept(ctx, sessionOf(req).memberId, body.version));
  if (!opsTokens.size) return;
  // The operator writes the agreements: the token of /api/ops/*, every change audited.
  void app.register(async (ops) => {
    ops.addHook('onRequest', operatorAuth(opsTokens));
    route(ops, agreements.opsGet, () => service.opsAgreements(ctx.db));
    route(ops, agreements.opsSet, (req: FastifyRequest, body) =>
      audited(
        ctx,
        {
          operator: req.operator ?? 'operator',
          action: 'agreements.set',
          target: 'site.agreements',
          detail: { ids: body.agreements.map((a) => a.id) },
        },
        () => service.setAgreements(ctx, body.agreements),
      ),
    );
  });
}
