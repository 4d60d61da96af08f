import type { FastifyInstance } from 'fastify';
import { refund } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { opsRulesRoutes } from '../../http/ops-rules-route.ts';
import { audited } from '../ops/service.ts';
import { unlessBlocked, withoutBannersWhileBlocked } from '../protection/service.ts';
import * as service from './service.ts';

export function refundRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  route(app, refund.check, (req) => service.check(ctx, sessionOf(req).memberId));
  // Player protection: no refund reward, and no banners, during a time-out or self-exclusion.
  route(app, refund.receive, (req) =>
    unlessBlocked(ctx, sessionOf(req).memberId, () => service.claim(ctx, sessionOf(req).memberId, 'receive')),
  );
  route(app, refund.addWallet, (req) =>
    unlessBlocked(ctx, sessionOf(req).memberId, () =>
      service.claim(ctx, sessionOf(req).memberId, 'addWallet'),
    ),
  );
  route(app, refund.list, (req, body) =>
    service.listRefunds(ctx, sessionOf(req).memberId, body.page, body.limit),
  );
  route(app, refund.banners, async (req) =>
    withoutBannersWhileBlocked(ctx, sessionOf(req).memberId, await service.refundBanners(ctx)),
  );
  // Every change of the rules is audited under the operator's name, with what was asked.
  opsRulesRoutes(app, opsTokens, {
    get: refund.opsRules,
    set: refund.opsSetRules,
    read: () => service.refundRules(ctx.db),
    write: (operator, change) =>
      audited(ctx, { operator, action: 'refund.rules', target: 'refund.rules', detail: change }, () =>
        service.setRules(ctx, change),
      ),
  });
}
