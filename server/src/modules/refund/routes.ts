import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refund } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { operatorAuth } from '../ops/routes.ts';
import { audited } from '../ops/service.ts';
import * as service from './service.ts';

export function refundRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  route(app, refund.check, (req) => service.check(ctx, sessionOf(req).memberId));
  route(app, refund.receive, (req) => service.claim(ctx, sessionOf(req).memberId, 'receive'));
  route(app, refund.addWallet, (req) => service.claim(ctx, sessionOf(req).memberId, 'addWallet'));
  route(app, refund.list, (req, body) =>
    service.listRefunds(ctx, sessionOf(req).memberId, body.page, body.limit),
  );
  route(app, refund.banners, () => service.refundBanners(ctx));
  if (!opsTokens.size) return;
  // The operator's side: the token of /api/ops/*, every change audited with what was asked.
  void app.register(async (ops) => {
    ops.addHook('onRequest', operatorAuth(opsTokens));
    route(ops, refund.opsRules, () => service.refundRules(ctx.db));
    route(ops, refund.opsSetRules, (req: FastifyRequest, body) =>
      audited(
        ctx,
        {
          operator: req.operator ?? 'operator',
          action: 'refund.rules',
          target: 'refund.rules',
          detail: body,
        },
        () => service.setRules(ctx, body),
      ),
    );
  });
}
