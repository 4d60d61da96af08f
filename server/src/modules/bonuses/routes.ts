import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bonuses } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { operatorAuth } from '../../http/operator-auth.ts';
import { noOffersWhileBlocked, unlessBlocked } from '../protection/service.ts';
import * as ops from './ops.ts';
import * as service from './service.ts';

const codeOf = (req: FastifyRequest) => (req.params as { code: string }).code;

export function bonusRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  // Player protection: during a time-out or self-exclusion no bonus is offered, and none or no promotion
  // is given (SELF_EXCLUDED).
  route(app, bonuses.list, (req) =>
    noOffersWhileBlocked(ctx, sessionOf(req).memberId, [], () =>
      service.listBonuses(ctx, sessionOf(req).memberId),
    ),
  );
  route(app, bonuses.activate, (req) =>
    unlessBlocked(ctx, sessionOf(req).memberId, () =>
      service.activateBonus(ctx, sessionOf(req).memberId, codeOf(req)),
    ),
  );
  route(app, bonuses.checkMinimum, (req) => service.checkMinimum(ctx, sessionOf(req).memberId));
  route(app, bonuses.findPromotion, (req) =>
    service.findPromotion(ctx, sessionOf(req).memberId, codeOf(req)),
  );
  route(app, bonuses.activatePromotion, (req) =>
    unlessBlocked(ctx, sessionOf(req).memberId, () =>
      service.activatePromotion(ctx, sessionOf(req).memberId, codeOf(req)),
    ),
  );
  route(app, bonuses.currentPromotion, (req) => service.currentPromotion(ctx, sessionOf(req).memberId));
  if (!opsTokens.size) return;
  // The operator's side: the token of /api/ops/*; every change audited (ops.ts).
  const operatorOf = (req: FastifyRequest) => req.operator ?? 'operator';
  void app.register(async (scope) => {
    scope.addHook('onRequest', operatorAuth(opsTokens));
    route(scope, bonuses.opsBonuses, () => ops.listBonuses(ctx));
    route(scope, bonuses.opsSaveBonus, (req, body) => ops.saveBonus(ctx, operatorOf(req), body));
    route(scope, bonuses.opsSwitchBonus, (req, body) =>
      ops.switchProgramme(ctx, operatorOf(req), 'bonuses', codeOf(req), body),
    );
    route(scope, bonuses.opsPromotions, () => ops.listPromotions(ctx));
    route(scope, bonuses.opsSavePromotion, (req, body) => ops.savePromotion(ctx, operatorOf(req), body));
    route(scope, bonuses.opsSwitchPromotion, (req, body) =>
      ops.switchProgramme(ctx, operatorOf(req), 'promotions', codeOf(req), body),
    );
  });
}
