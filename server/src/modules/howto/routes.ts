import type { FastifyInstance } from 'fastify';
import { howtoLookup } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { route } from '../../http/route.ts';
import { howtoVideos } from './service.ts';

/** HELP-1: the how-to videos the operator points to their own recordings; no session needed. */
export function howtoRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, howtoLookup, () => howtoVideos(ctx));
}
