import { z } from 'zod';
import { endpoint } from './common.ts';
import { amountSchema } from './money.ts';

/**
 * DEP-12: the member tells the operator "I have transferred this much". It records a deposit notice
 * (status PENDING in the statement, channel NOTICE) that the operator can match with the bank
 * statement; it credits nothing by itself.
 */
export const addDepositNotice = endpoint({
  method: 'POST',
  path: '/api/wallet/add',
  body: z.object({ amount: amountSchema }),
  response: z.object({
    depositId: z.string(),
    amount: z.number(),
    status: z.literal('PENDING'),
    createdAt: z.string(),
  }),
  auth: true,
});

/**
 * What the operator's bank-statement integration posts for each incoming transfer (DEP-11), signed
 * with HMAC-SHA256 of the raw body in the X-Signature header ("sha256=<hex>").
 */
export const bankFeedItemSchema = z.object({
  /** The bank's own reference: one credit per reference, ever. */
  reference: z.string().trim().min(1).max(64),
  fromBankCode: z.string().trim().min(1).max(10),
  fromAccountNo: z.string().trim().min(1).max(30),
  toAccountNo: z.string().trim().min(1).max(30),
  amount: amountSchema,
  receivedAt: z.string().datetime(),
});
export const bankFeed = endpoint({
  method: 'POST',
  path: '/api/hooks/bank-feed',
  body: z.object({ items: z.array(bankFeedItemSchema).min(1).max(500) }),
  response: z.object({
    results: z.array(
      z.object({ reference: z.string(), outcome: z.enum(['CREDITED', 'DUPLICATE', 'UNMATCHED']) }),
    ),
  }),
  auth: false,
});
