// The operator API: payouts are often manual, so pending withdrawals can be listed, approved (paid out
// through the payout provider) or rejected (money returned). Authenticated by OPS_TOKEN; absent, it is off.
import type { FastifyInstance } from 'fastify';
import { toBaht } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sameBytes, sha256 } from '../../lib/crypto.ts';
import { minor } from '../../ledger/ledger.ts';
import { payWithdrawal, settle } from '../withdrawals/service.ts';

export function opsRoutes(app: FastifyInstance, ctx: Ctx, opsToken: string | undefined) {
  if (!opsToken) return;
  void app.register(async (ops) => {
    ops.addHook('onRequest', async (req) => {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameBytes(sha256(given), sha256(opsToken))) throw new AppError('UNAUTHORIZED', 401);
    });
    ops.get<{ Querystring: { status?: string } }>('/api/ops/withdrawals', async (req) => {
      const rows = await ctx.db.query<Record<string, unknown>>(
        `select w.public_id, w.amount, w.status, w.reason, w.bank_code, w.bank_account_no, w.bank_account_name,
                w.created_at, m.phone, m.public_id as member
         from withdrawals w join members m on m.id = w.member_id
         where $1::text is null or w.status = $1 order by w.id desc limit 200`,
        [req.query.status ?? null],
      );
      return rows.map((r) => ({ ...r, amount: toBaht(minor(r.amount)) }));
    });
    ops.post<{ Params: { id: string } }>('/api/ops/withdrawals/:id/approve', async (req) => ({
      withdrawalId: req.params.id,
      status: await payWithdrawal(ctx, req.params.id),
    }));
    ops.post<{ Params: { id: string } }>('/api/ops/withdrawals/:id/reject', async (req) => ({
      withdrawalId: req.params.id,
      status: await settle(ctx, req.params.id, 'REJECTED', 'REJECTED_BY_OPERATOR'),
    }));
    ops.get('/api/ops/bank-feed/unmatched', async () => {
      const rows = await ctx.db.query<Record<string, unknown>>(
        `select reference, from_bank_code, from_account_no, to_account_no, amount, received_at
         from bank_feed_items where outcome = 'UNMATCHED' order by received_at desc limit 200`,
      );
      return rows.map((r) => ({ ...r, amount: toBaht(minor(r.amount)) }));
    });
  });
}
