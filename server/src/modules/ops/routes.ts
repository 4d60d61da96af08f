// The operator API: payouts are often manual, so pending withdrawals can be listed, approved (paid out
// through the payout provider) or rejected (money returned). Authenticated by OPS_TOKEN; absent, it is off.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sameBytes, sha256 } from '../../lib/crypto.ts';
import * as service from './service.ts';

export function opsRoutes(app: FastifyInstance, ctx: Ctx, opsToken: string | undefined) {
  if (!opsToken) return;
  void app.register(async (ops) => {
    ops.addHook('onRequest', async (req) => {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameBytes(sha256(given), sha256(opsToken))) throw new AppError('UNAUTHORIZED', 401);
    });
    ops.get<{ Querystring: { status?: string } }>('/api/ops/withdrawals', (req) =>
      service.listWithdrawals(ctx, req.query.status),
    );
    ops.post<{ Params: { id: string } }>('/api/ops/withdrawals/:id/approve', (req) =>
      service.approveWithdrawal(ctx, req.params.id),
    );
    ops.post<{ Params: { id: string } }>('/api/ops/withdrawals/:id/reject', (req) =>
      service.rejectWithdrawal(ctx, req.params.id),
    );
    ops.get('/api/ops/bank-feed/unmatched', () => service.unmatchedBankLines(ctx));
  });
}
