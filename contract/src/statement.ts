import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { localizedTextSchema, REWARD_SOURCES } from './rewards.ts';
import { PAGE_SIZE } from './constants.ts';

export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
/** ST-2: SUCCESS and FAILED are final; anything else shows as in progress. */
export const STATEMENT_STATUSES = ['SUCCESS', 'FAILED', 'PENDING'] as const;
export const STATEMENT_OUTCOMES = ['EXPIRED', 'RETURNED', 'REJECTED'] as const;

export const statementEntrySchema = z.object({
  _id: text(),
  statementType: z.enum(STATEMENT_TYPES),
  status: z.enum(STATEMENT_STATUSES),
  amount: z.number(),
  /** How the money came or went: BANK, QR, TRUEWALLET, SLIP, NOTICE for deposits; BANK for withdrawals. */
  channel: text(),
  /** The reason code of a failed entry (e.g. a payout the bank refused), when there is one. */
  reason: text().nullable(),
  createdAt: text(),
  // Krapao's additions (docs/api.md); a client that knows only the spec's fields reads the entry as before.
  /**
   * What a FAILED entry means for the member's money: EXPIRED, a deposit notice no credit answered within
   * its window (nothing moved); RETURNED, a withdrawal the bank did not pay; REJECTED, a withdrawal the
   * operator refused. After RETURNED and REJECTED the amount is back in the wallet.
   */
  outcome: z.enum(STATEMENT_OUTCOMES).nullable().default(null),
  /** A deposit that answered the member's deposit notice (DEP-12): that notice's id, folded into this line. */
  noticeId: text().nullable().default(null),
  /** A deposit notice still waiting for its transfer: when it expires if none arrives. */
  expiresAt: text().nullable().default(null),
  /**
   * A transfer (TRF-2): where the money went from and to, WALLET or a provider code (no sign: it stays the
   * member's). A FAILED transfer's money went back where it came from.
   */
  from: text().nullable().default(null),
  to: text().nullable().default(null),
  /** The game's name where from or to is a provider code (ST-5: "Main wallet → PG Soft"); null for WALLET. */
  fromName: text().nullable().default(null),
  toName: text().nullable().default(null),
  /**
   * A reward's lines (bonus, finish_bonus): what paid it (a bonus, a promotion, an invite commission, a
   * refund, a spin prize), its code and its title in each language.
   */
  related: z
    .object({ kind: z.enum(REWARD_SOURCES), reference: text(), title: localizedTextSchema })
    .nullable()
    .default(null),
  /**
   * The bank account the money went to or came from: a withdrawal's payout account (as it was when the
   * withdrawal was made), a bank transfer's sending account as the bank feed reported it; null otherwise.
   */
  bankAccount: z.object({ bankCode: text(), accountNo: text() }).nullable().default(null),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/** A day of the operator's calendar (Asia/Bangkok, or Asia/Vientiane for a Laos build), YYYY-MM-DD. */
export const statementDaySchema = text().regex(/^\d{4}-\d{2}-\d{2}$/);

/** ST-6: the longest range one export covers, first and last day included. */
export const STATEMENT_EXPORT_MAX_DAYS = 93;

export const getStatement = endpoint({
  method: 'POST',
  path: '/api/statement',
  body: z.object({
    page: z.number().int().min(1).max(10_000),
    limit: z.number().int().min(1).max(50).default(PAGE_SIZE.statement),
    // ST-4, Krapao's additions: only entries of one type, and only those made between two days, both
    // included (a range whose first day is after its last is STATEMENT_RANGE_INVALID).
    type: z.enum(STATEMENT_TYPES).optional(),
    from: statementDaySchema.optional(),
    to: statementDaySchema.optional(),
  }),
  response: z.object({ total: z.number().int(), statements: z.array(statementEntrySchema) }),
  auth: true,
});

/**
 * ST-6: GET /api/statement/export?from=YYYY-MM-DD&to=YYYY-MM-DD[&lang=th|la|en], the member's entries made
 * between the two days (both included) as a CSV file, columns in `lang` (else Accept-Language, else the
 * region's language). Not a contract endpoint: its answer is a file, not JSON (docs/api.md).
 */
export const STATEMENT_EXPORT_PATH = '/api/statement/export';
export const statementExportQuerySchema = z.object({
  from: statementDaySchema,
  to: statementDaySchema,
  lang: z.enum(['th', 'la', 'en']).optional(),
});
export type StatementExportQuery = z.infer<typeof statementExportQuerySchema>;
