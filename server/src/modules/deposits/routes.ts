import type { FastifyInstance } from 'fastify';
import { deposits } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export function depositRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, deposits.addDepositNotice, (req, body) =>
    service.addDepositNotice(ctx, {
      memberId: sessionOf(req).memberId,
      key: idempotencyKey(req),
      amount: body.amount,
    }),
  );
  // The bank feed is signed over its exact bytes, so this scope keeps the raw body beside the parsed one.
  void app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch (err) {
        done(Object.assign(err as Error, { statusCode: 400 }), undefined);
      }
    });
    hooks.addHook('preValidation', async (req) => {
      service.verifyBankFeedSignature(
        ctx,
        req.rawBody ?? '',
        req.headers['x-signature'] as string | undefined,
      );
    });
    route(hooks, deposits.bankFeed, async (_req, body) => ({
      results: await service.ingestBankFeed(ctx, body.items),
    }));
  });
}
