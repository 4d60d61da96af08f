import type { FastifyInstance } from 'fastify';
import { lookups } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { declaredHeader, route } from '../../http/route.ts';
import * as service from './service.ts';

/**
 * LK-1: every lookup of the spec, none needs a session; /deposit and /withdraw answer in the member's
 * currency when one is sent.
 */
export function lookupRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, lookups.banks, () => service.banks(ctx));
  route(app, lookups.deposit, async (req) =>
    service.deposit(ctx, await service.lookupCurrency(ctx, declaredHeader(req, 'Authorization'))),
  );
  route(app, lookups.conditions, () => service.conditions(ctx));
  route(app, lookups.agreements, () => service.agreements(ctx));
  route(app, lookups.info, () => service.info(ctx));
  route(app, lookups.notice, () => service.notice(ctx));
  route(app, lookups.contact, () => service.contact(ctx));
  route(app, lookups.withdraw, async (req) =>
    service.withdraw(ctx, await service.lookupCurrency(ctx, declaredHeader(req, 'Authorization'))),
  );
  route(app, lookups.slip, () => service.slip(ctx));
  route(app, lookups.sources, () => service.sources(ctx));
  route(app, lookups.active, () => service.active(ctx));
  route(app, lookups.registerOTP, () => service.registerOTP(ctx));
  route(app, lookups.enableChatWidget, () => service.enableChatWidget(ctx));
}
