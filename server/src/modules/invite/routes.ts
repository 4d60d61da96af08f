import type { FastifyInstance } from 'fastify';
import { invite } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { opsRulesRoutes } from '../../http/ops-rules-route.ts';
import { audited } from '../ops/service.ts';
import { unlessBlocked, withoutBannersWhileBlocked } from '../protection/service.ts';
import * as service from './service.ts';

export function inviteRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  route(app, invite.list, (req, body) =>
    service.listInvitees(ctx, sessionOf(req).memberId, body.page, body.limit),
  );
  // Player protection: nothing to collect, and no banners, during a time-out or self-exclusion.
  route(app, invite.collect, (req) =>
    unlessBlocked(ctx, sessionOf(req).memberId, () => service.collect(ctx, sessionOf(req).memberId)),
  );
  route(app, invite.banners, async (req) =>
    withoutBannersWhileBlocked(ctx, sessionOf(req).memberId, await service.inviteBanners(ctx)),
  );
  // Every change of the rules is audited under the operator's name, with what was asked.
  opsRulesRoutes(app, opsTokens, {
    get: invite.opsRules,
    set: invite.opsSetRules,
    read: () => service.inviteRules(ctx.db),
    write: (operator, change) =>
      audited(ctx, { operator, action: 'invite.rules', target: 'invite.rules', detail: change }, () =>
        service.setRules(ctx, change),
      ),
  });
}
