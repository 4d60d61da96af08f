import type { FastifyInstance } from 'fastify';
import { invite } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { opsRulesRoutes } from '../rewards/ops-rules-route.ts';
import * as service from './service.ts';

export function inviteRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  route(app, invite.list, (req, body) =>
    service.listInvitees(ctx, sessionOf(req).memberId, body.page, body.limit),
  );
  route(app, invite.collect, (req) => service.collect(ctx, sessionOf(req).memberId));
  route(app, invite.banners, () => service.inviteBanners(ctx));
  opsRulesRoutes(app, ctx, opsTokens, {
    get: invite.opsRules,
    set: invite.opsSetRules,
    audit: 'invite.rules',
    read: service.inviteRules,
    write: service.setRules,
  });
}
