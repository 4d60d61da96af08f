import type { FastifyInstance, FastifyRequest } from 'fastify';
import { spin } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { route } from '../../http/route.ts';
import { operatorAuth } from '../../http/operator-auth.ts';
import { noOffersWhileBlocked, unlessBlocked } from '../protection/service.ts';
import * as ops from './ops.ts';
import * as service from './service.ts';

export function spinRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  const member = (req: FastifyRequest) => sessionOf(req).memberId;
  route(app, spin.setup, (req) => service.setup(ctx, member(req)));
  // The wheel is not offered during a time-out or self-exclusion (its button hides on the home).
  route(app, spin.active, (req) =>
    noOffersWhileBlocked(ctx, member(req), { isActive: false }, () => service.active(ctx)),
  );
  // Player protection: no spin and no prize during a time-out or self-exclusion (SELF_EXCLUDED).
  route(app, spin.spin, (req) =>
    unlessBlocked(ctx, member(req), () => service.spin(ctx, member(req), idempotencyKey(req))),
  );
  route(app, spin.coupons, (req) => service.coupons(ctx, member(req)));
  route(app, spin.claim, (req, body) =>
    unlessBlocked(ctx, member(req), () => service.claim(ctx, member(req), body.coupon)),
  );
  route(app, spin.clientSeed, (req, body) => service.setClientSeed(ctx, member(req), body.clientSeed));
  route(app, spin.spins, (req) => service.spins(ctx, member(req)));
  if (!opsTokens.size) return;
  // The operator's side: the operator token of /api/ops/*, every change audited (ops.ts).
  const operatorOf = (req: FastifyRequest) => req.operator ?? 'operator';
  void app.register(async (scope) => {
    scope.addHook('onRequest', operatorAuth(opsTokens));
    route(scope, spin.opsWheel, () => ops.wheel(ctx.db));
    route(scope, spin.opsSetWheel, (req, body) => ops.setWheel(ctx, operatorOf(req), body));
    route(scope, spin.opsSetSlices, (req, body) => ops.setSlices(ctx, operatorOf(req), body.slices));
    route(scope, spin.opsSetCoinRule, (req, body) => ops.setCoinRule(ctx, operatorOf(req), body));
    route(scope, spin.opsGrantCoins, (req, body) => ops.grantCoins(ctx, operatorOf(req), body));
  });
}
