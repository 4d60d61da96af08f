import { z } from 'zod';
import { amountSchema, toMinor } from '@krapao/contract';
import { requestJson } from '../../lib/http-json.ts';
import type { SlipLookup, SlipVerifier } from './slip-verify.ts';

/** What the bank answers, as SCB's `GET /transactions/{transRef}?sendingBank=` does; the sim speaks it. */
const answerSchema = z.object({
  transRef: z.string(),
  sendingBank: z.string(),
  amount: amountSchema,
  sender: z.object({ bankCode: z.string(), accountNo: z.string() }),
  receiver: z.object({ accountNo: z.string() }),
  transferredAt: z.string().datetime({ offset: true }),
});

/** A bank's transaction inquiry over HTTP (the simulated bank in sim/bank.ts speaks it). */
export function httpSlipVerifier(opts: { baseUrl: () => string; timeoutMs?: number }): SlipVerifier {
  return {
    async lookup({ sendingBank, transRef }): Promise<SlipLookup> {
      try {
        const url = `${opts.baseUrl()}/transfers/${encodeURIComponent(transRef)}?sendingBank=${encodeURIComponent(sendingBank)}`;
        const res = await requestJson('GET', url, { timeoutMs: opts.timeoutMs });
        if (res.status === 404) return { outcome: 'NOT_FOUND' };
        if (res.status !== 200) return { outcome: 'UNAVAILABLE' };
        const parsed = answerSchema.safeParse(res.body);
        // An answer about another transfer is no answer about this one.
        if (!parsed.success || parsed.data.transRef !== transRef) return { outcome: 'UNAVAILABLE' };
        const a = parsed.data;
        return {
          outcome: 'FOUND',
          transfer: {
            transRef: a.transRef,
            amountMinor: toMinor(a.amount),
            senderBank: a.sender.bankCode,
            senderAccountNo: a.sender.accountNo,
            receiverAccountNo: a.receiver.accountNo,
            transferredAt: new Date(a.transferredAt),
          },
        };
      } catch {
        return { outcome: 'UNAVAILABLE' };
      }
    },
  };
}
