import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { amountSchema } from './money.ts';
import { pinSchema } from './security.ts';

export const WITHDRAWAL_STATUSES = ['PENDING', 'PROCESSING', 'PAID', 'FAILED', 'REJECTED'] as const;

export const withdrawalSchema = z.object({
  withdrawalId: text(),
  amount: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The main wallet after the money left it. */
  balance: z.number(),
  createdAt: text(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * WD-2: the money leaves the wallet at once; it is paid to the registered bank account. A member with a
 * withdrawal PIN sends it as `pin` (PIN_REQUIRED, PIN_WRONG, PIN_BLOCK); one without is paid as before.
 */
export const withdraw = endpoint({
  method: 'POST',
  path: '/api/wallet/withdraw',
  body: z.object({ amount: amountSchema, pin: pinSchema.optional() }),
  response: withdrawalSchema,
  auth: true,
  headers: { 'Idempotency-Key': 'required' },
});

/**
 * WD-2: the whole main wallet. The spec's old client sent an amount; Krapao takes it as the balance
 * the member saw and refuses with MONEY_NOT_ENOUGH when the wallet holds less.
 */
export const withdrawAll = endpoint({
  method: 'POST',
  path: '/api/wallet/withdrawAll',
  body: z.object({ amount: amountSchema.optional(), pin: pinSchema.optional() }),
  response: withdrawalSchema,
  auth: true,
  headers: { 'Idempotency-Key': 'required' },
});
