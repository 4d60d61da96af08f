import type { FastifyInstance } from 'fastify';
import { withdrawals } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function withdrawalRoutes(app: FastifyInstance, ctx: Ctx) {
  route(
    app,
    withdrawals.withdraw,
    (req, body) =>
      service.requestWithdrawal(ctx, {
        caller: callerOf(req),
        key: idempotencyKey(req),
        amount: body.amount,
        pin: body.pin,
      }),
    // The session is read by the withdrawal's own statement (http/session-caller.ts).
    { sessionInCall: true },
  );
  route(
    app,
    withdrawals.withdrawAll,
    (req, body) =>
      service.requestWithdrawal(ctx, {
        caller: callerOf(req),
        key: idempotencyKey(req),
        all: { seen: body.amount },
        pin: body.pin,
      }),
    // The session is read by the withdrawal's own statement (http/session-caller.ts).
    { sessionInCall: true },
  );
}
