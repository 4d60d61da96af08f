import type { FastifyInstance } from 'fastify';
import { games, wallet } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';
import * as transfers from './transfers.ts';

export function gameRoutes(app: FastifyInstance, ctx: Ctx) {
  const code = (req: { params: unknown }) => (req.params as { code: string }).code;
  route(app, games.activate, (req) => service.activate(ctx, sessionOf(req).memberId, code(req)));
  route(app, games.account, (req) => service.getAccount(ctx, sessionOf(req).memberId, code(req)));
  route(app, games.resetPassword, (req) => service.resetPassword(ctx, sessionOf(req).memberId, code(req)));

  const launch = (req: { params: unknown }) => {
    const { provider, username } = req.params as { provider: string; username: string };
    return { provider, username };
  };
  route(app, games.autoLogin, (req) => {
    const p = launch(req);
    return service.autoLogin(ctx, sessionOf(req).memberId, p.provider, p.username);
  });
  // The password the spec's old client sends in the path is ignored (and redacted from logs).
  route(app, games.autoLoginWithPassword, (req) => {
    const p = launch(req);
    return service.autoLogin(ctx, sessionOf(req).memberId, p.provider, p.username);
  });

  route(app, wallet.transfer, (req, body) =>
    transfers.transfer(ctx, {
      memberId: sessionOf(req).memberId,
      key: idempotencyKey(req),
      from: body.from,
      to: body.to,
      amount: body.amount,
    }),
  );
  route(app, wallet.transferAll, (req, body) =>
    transfers.transfer(ctx, {
      memberId: sessionOf(req).memberId,
      key: idempotencyKey(req),
      from: body.from ?? wallet.WALLET_ACCOUNT,
      to: body.to,
    }),
  );
}
