// The operator API: payouts are often manual, so pending withdrawals can be listed, approved (paid out
// through the payout provider) or rejected (money returned). Authenticated by OPS_TOKEN or the named
// OPS_TOKENS; with none, it is off. Every action that moves money is recorded under the operator's name.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PATH_PARAM_MAX_LENGTH, text } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { operatorAuth } from '../../http/operator-auth.ts';
import * as service from './service.ts';

// The operator's input is checked like a member's: a NUL in an id reached PostgreSQL (22021, a 500).
const id = text().trim().min(1).max(PATH_PARAM_MAX_LENGTH);
const byId = { params: z.object({ id }) };
const optionalText = text().trim().max(PATH_PARAM_MAX_LENGTH).optional();

export function opsRoutes(app: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) {
  if (!opsTokens.size) return;
  const operatorOf = (req: FastifyRequest) => req.operator ?? 'operator';
  void app.register(async (scope) => {
    const ops = scope.withTypeProvider<ZodTypeProvider>();
    ops.addHook('onRequest', operatorAuth(opsTokens));
    ops.get('/api/ops/withdrawals', { schema: { querystring: z.object({ status: optionalText }) } }, (req) =>
      service.listWithdrawals(ctx, req.query.status),
    );
    ops.post('/api/ops/withdrawals/:id/approve', { schema: byId }, (req) =>
      service.approveWithdrawal(ctx, operatorOf(req), req.params.id),
    );
    ops.post('/api/ops/withdrawals/:id/reject', { schema: byId }, (req) =>
      service.rejectWithdrawal(ctx, operatorOf(req), req.params.id),
    );
    ops.get('/api/ops/bank-feed/unmatched', () => service.unmatchedBankLines(ctx));
    ops.post(
      '/api/ops/bank-feed/:reference/credit',
      {
        schema: {
          params: z.object({ reference: id }),
          body: z.object({ phone: optionalText, noticeId: optionalText }).nullish(),
        },
      },
      (req) => service.creditBankLine(ctx, operatorOf(req), req.params.reference, req.body ?? {}),
    );
    ops.get('/api/ops/qr/refused', () => service.refusedQrPayments(ctx));
    ops.post(
      '/api/ops/qr/refused/:id/:decision',
      {
        schema: {
          params: z.object({ id, decision: id }),
          body: z.object({ phone: optionalText }).nullish(),
        },
      },
      (req) => {
        const { id, decision } = req.params;
        if (decision !== 'credit' && decision !== 'refunded') throw new AppError('NOT_FOUND', 404);
        return service.resolveQrPayment(ctx, operatorOf(req), id, decision, req.body ?? {});
      },
    );
    ops.get('/api/ops/actions', () => service.listActions(ctx));
  });
}
