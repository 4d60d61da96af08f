import type { FastifyInstance } from 'fastify';
import { deposits } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { route } from '../../http/route.ts';
import { signedWebhooks } from '../../http/signed-webhook.ts';
import { ingestBankFeed } from './bank-feed.ts';
import * as qrcode from './qrcode.ts';
import * as service from './service.ts';
import * as truewallet from './truewallet.ts';

const param = (req: { params: unknown }, name: string) => (req.params as Record<string, string>)[name] ?? '';

export function depositRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, deposits.addDepositNotice, (req, body) =>
    service.addDepositNotice(ctx, {
      memberId: sessionOf(req).memberId,
      key: idempotencyKey(req),
      amount: body.amount,
    }),
  );
  route(app, deposits.getQrcode, (req) =>
    qrcode.currentQrcode(ctx, sessionOf(req).memberId, param(req, 'provider')),
  );
  route(app, deposits.createQrcode, (req, body) =>
    qrcode.createQrcode(ctx, {
      memberId: sessionOf(req).memberId,
      provider: param(req, 'provider'),
      amount: body.amount,
      key: idempotencyKey(req),
    }),
  );
  route(app, deposits.cancelQrcode, (req) =>
    qrcode.cancelQrcode(ctx, sessionOf(req).memberId, param(req, 'qrcodeId')),
  );
  route(app, deposits.redeemTruelink, (req, body) =>
    truewallet.redeemGiftLink(ctx, {
      memberId: sessionOf(req).memberId,
      link: body.link,
      key: idempotencyKey(req),
    }),
  );

  signedWebhooks(app, { name: 'bank feed', secret: () => ctx.bankFeedSecret }, (hooks) =>
    route(hooks, deposits.bankFeed, async (_req, body) => ({
      results: await ingestBankFeed(ctx, body.items),
    })),
  );
  signedWebhooks(app, { name: 'QR gateway callback', secret: () => ctx.qrGatewaySecret }, (hooks) =>
    route(hooks, deposits.gatewayCallback, (req, body) => qrcode.qrPaid(ctx, param(req, 'provider'), body)),
  );
}
