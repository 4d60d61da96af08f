import type { FastifyInstance, FastifyRequest } from 'fastify';
import { games, wallet } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { callerOf, sessionOf } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { route } from '../../http/route.ts';
import { unlessBlocked } from '../protection/service.ts';
import * as service from './service.ts';
import * as transfers from './transfers.ts';

export function gameRoutes(app: FastifyInstance, ctx: Ctx) {
  const code = (req: { params: unknown }) => (req.params as { code: string }).code;
  route(app, games.activate, (req) => service.activate(ctx, sessionOf(req).memberId, code(req)));
  route(app, games.account, (req) => service.getAccount(ctx, sessionOf(req).memberId, code(req)));
  route(app, games.resetPassword, (req) => service.resetPassword(ctx, sessionOf(req).memberId, code(req)));

  // The game's way back is the member's home on the site the member came by: PUBLIC_URL when set, else
  // the address of this request (the server's own loopback address is not where a browser reaches it).
  const launch = (req: FastifyRequest) => {
    const { provider, username } = req.params as { provider: string; username: string };
    const site = ctx.config.publicUrl ?? `${req.protocol}://${req.host}`;
    const memberId = sessionOf(req).memberId;
    // A break is from play: no game opens during a time-out or self-exclusion (SELF_EXCLUDED), even on
    // money left at the provider (the block brings it back, but a launch could race that).
    return unlessBlocked(ctx, memberId, () =>
      service.autoLogin(ctx, memberId, provider, username, {
        language: launchLanguage(req.headers['accept-language']),
        returnUrl: new URL('/user/home', site).href,
      }),
    );
  };
  route(app, games.autoLogin, launch);
  // The password the spec's old client sends in the path is ignored (and redacted from logs).
  route(app, games.autoLoginWithPassword, launch);

  route(
    app,
    wallet.transfer,
    (req, body) =>
      transfers.transfer(ctx, {
        caller: callerOf(req),
        key: idempotencyKey(req),
        from: body.from,
        to: body.to,
        amount: body.amount,
      }),
    // The session is read by the transfer's own statement (http/session-caller.ts).
    { sessionInCall: true },
  );
  route(
    app,
    wallet.transferAll,
    (req, body) =>
      transfers.transfer(ctx, {
        caller: callerOf(req),
        key: idempotencyKey(req),
        from: body.from ?? wallet.WALLET_ACCOUNT,
        to: body.to,
      }),
    { sessionInCall: true },
  );
}

/** The first of th, la (Lao, also written lo) and en in an Accept-Language header; undefined for none. */
function launchLanguage(header: unknown): 'th' | 'la' | 'en' | undefined {
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(',')) {
    const tag = part.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (tag === 'th' || tag === 'en') return tag;
    if (tag === 'lo' || tag === 'la') return 'la';
  }
  return undefined;
}
