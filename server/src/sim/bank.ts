import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

/**
 * The simulated bank: it pays withdrawals (once per reference, with fault injection) and lets a person
 * or a test make a transfer into one of the operator's accounts, which it reports to Krapao's bank-feed
 * webhook, signed, as the operator's bank-statement integration would.
 */
export interface SimBankOptions {
  /** Where to deliver bank-feed items: Krapao's own webhook. */
  feedUrl: () => string;
  feedSecret: string;
}

type PayoutMode = 'pay' | 'fail' | 'timeout';

export const simBank: FastifyPluginAsync<SimBankOptions> = async (app, opts) => {
  const payouts = new Map<string, { status: 'PAID' | 'FAILED'; amountMinor: string; accountNo: string }>();
  const transfers: Array<Record<string, unknown>> = [];
  let payoutMode: PayoutMode = 'pay';

  app.post<{ Body: { payoutMode?: PayoutMode } }>('/config', async (req) => {
    if (req.body?.payoutMode) payoutMode = req.body.payoutMode;
    return { payoutMode };
  });

  app.post<{ Body: { reference: string; amountMinor: string; accountNo: string } }>(
    '/payouts',
    async (req, reply) => {
      const { reference, amountMinor, accountNo } = req.body;
      const known = payouts.get(reference);
      if (known) return known; // the same reference is paid at most once
      if (payoutMode === 'timeout') {
        // Pays, but the answer never arrives in time: the caller must reconcile by reference.
        payouts.set(reference, { status: 'PAID', amountMinor, accountNo });
        return reply.code(504).send({ message: 'gateway timeout' });
      }
      const outcome = {
        status: payoutMode === 'pay' ? ('PAID' as const) : ('FAILED' as const),
        amountMinor,
        accountNo,
      };
      payouts.set(reference, outcome);
      return payoutMode === 'pay' ? outcome : { ...outcome, reason: 'DEST_ACC_INVALID' };
    },
  );

  app.get<{ Params: { reference: string } }>('/payouts/:reference', async (req, reply) => {
    const known = payouts.get(req.params.reference);
    return known ?? reply.code(404).send({ message: 'NOT_FOUND' });
  });
  app.get('/payouts', async () => Object.fromEntries(payouts));

  /** A member's transfer into the operator's account, reported to Krapao like a real statement line. */
  app.post<{
    Body: {
      fromBankCode: string;
      fromAccountNo: string;
      toAccountNo: string;
      amount: number;
      reference?: string;
    };
  }>('/transfers', async (req, reply) => {
    const item = {
      reference: req.body.reference ?? `SIM${Date.now()}${randomBytes(3).toString('hex').toUpperCase()}`,
      fromBankCode: req.body.fromBankCode,
      fromAccountNo: req.body.fromAccountNo,
      toAccountNo: req.body.toAccountNo,
      amount: req.body.amount,
      receivedAt: new Date().toISOString(),
    };
    transfers.unshift(item);
    const body = JSON.stringify({ items: [item] });
    const signature = `sha256=${createHmac('sha256', opts.feedSecret).update(body).digest('hex')}`;
    const res = await fetch(opts.feedUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      body,
    });
    return reply.code(res.ok ? 200 : 502).send({ ...item, feed: await res.json() });
  });
  app.get('/transfers', async () => transfers);
};
