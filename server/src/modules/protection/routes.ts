import type { FastifyInstance, FastifyRequest } from 'fastify';
import { protection } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

/** The member and this sign-in (the reality check counts play since it began). */
const caller = (req: FastifyRequest): service.Caller => {
  const { memberId, tokenHash } = sessionOf(req);
  return { memberId, tokenHash };
};

export function protectionRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, protection.get, (req) => service.getProtection(ctx, caller(req)));
  route(app, protection.setLimits, (req, body) => service.setLimits(ctx, caller(req), body));
  route(app, protection.confirmLimits, (req) => service.confirmLimits(ctx, caller(req)));
  route(app, protection.review, (req) => service.markReviewed(ctx, caller(req)));
  route(app, protection.setRealityCheck, (req, body) =>
    service.setRealityCheck(ctx, caller(req), body.minutes),
  );
  route(app, protection.timeout, (req, body) =>
    service.block(ctx, caller(req), { kind: 'TIMEOUT', days: body.days }),
  );
  route(app, protection.exclusion, (req, body) =>
    service.block(ctx, caller(req), { kind: 'EXCLUSION', months: body.months }),
  );
}
