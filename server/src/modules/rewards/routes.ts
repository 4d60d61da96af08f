import type { FastifyInstance } from 'fastify';
import { rewards } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function rewardRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, rewards.checkActive, (req) => service.checkActive(ctx, sessionOf(req).memberId));
  route(app, rewards.clear, (req) => service.clear(ctx, sessionOf(req).memberId));
  route(app, rewards.active, async (req) => ({
    reward: await service.activeReward(ctx, sessionOf(req).memberId),
  }));
}
