import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invite } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { operatorAuth } from '../ops/routes.ts';
import { audited } from '../ops/service.ts';
import * as service from './service.ts';

export function inviteRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  route(app, invite.list, (req, body) =>
    service.listInvitees(ctx, sessionOf(req).memberId, body.page, body.limit),
  );
  route(app, invite.collect, (req) => service.collect(ctx, sessionOf(req).memberId));
  route(app, invite.banners, () => service.inviteBanners(ctx));
  if (!opsTokens.size) return;
  // The operator's side: the token of /api/ops/*, every change audited with what was asked.
  void app.register(async (ops) => {
    ops.addHook('onRequest', operatorAuth(opsTokens));
    route(ops, invite.opsRules, () => service.inviteRules(ctx.db));
    route(ops, invite.opsSetRules, (req: FastifyRequest, body) =>
      audited(
        ctx,
        {
          operator: req.operator ?? 'operator',
          action: 'invite.rules',
          target: 'invite.rules',
          detail: body,
        },
        () => service.setRules(ctx, body),
      ),
    );
  });
}
