import type { FastifyInstance } from 'fastify';
import { wallet } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function walletRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, wallet.getWallet, (req) => service.getWallet(ctx, sessionOf(req).memberId));
  route(app, wallet.refreshSlots, (req) => service.refreshSlots(ctx, sessionOf(req).memberId));
}
