import { z } from 'zod';
import { endpoint } from './common.ts';
import { PAGE_SIZE } from './constants.ts';

export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
/** ST-2: SUCCESS and FAILED are final; anything else shows as in progress. */
export const STATEMENT_STATUSES = ['SUCCESS', 'FAILED', 'PENDING'] as const;

export const statementEntrySchema = z.object({
  _id: z.string(),
  statementType: z.enum(STATEMENT_TYPES),
  status: z.enum(STATEMENT_STATUSES),
  amount: z.number(),
  /** How the money came or went: BANK, QR, TRUEWALLET, SLIP, NOTICE for deposits; BANK for withdrawals. */
  channel: z.string(),
  /** The reason code of a failed entry (e.g. a payout the bank refused), when there is one. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const getStatement = endpoint({
  method: 'POST',
  path: '/api/statement',
  body: z.object({
    page: z.number().int().min(1).max(10_000),
    limit: z.number().int().min(1).max(50).default(PAGE_SIZE.statement),
  }),
  response: z.object({ total: z.number().int(), statements: z.array(statementEntrySchema) }),
  auth: true,
});
