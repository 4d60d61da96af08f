import { deposits, toMinor } from '@krapao/contract';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { houseCash } from '../../ledger/account-names.ts';
import { batchedMovement, type FailedColumns } from '../../ledger/batch.ts';

type LineResult = z.infer<typeof deposits.bankFeed.response>['results'][number];
type Outcome = LineResult['outcome'];

/** How a line's outcome is counted (metrics/metrics.ts): an UNMATCHED line waits for the operator. */
const COUNTED_AS = { CREDITED: 'ok', DUPLICATE: 'duplicate', UNMATCHED: 'pending' } as const;

/**
 * DEP-11: each transfer into one of the operator's accounts credits the member whose registered account
 * sent it, once per bank reference, however often or however concurrently the bank reports it.
 * Transfers that match no member (or no operator account) are kept for the operator, never dropped.
 * Each line is checked on its own: a bad one is answered REJECTED with its reason, and logged, while
 * the lines around it credit. (A batch of 11 / 1e-9 / 13 used to credit 11, fail on 1e-9, and fail
 * again on every resend: one bad line blocked the bank's whole feed.) A resend answers the same, with
 * CREDITED lines as DUPLICATE, and moves nothing twice.
 */
export async function ingestBankFeed(ctx: Ctx, lines: unknown[]): Promise<LineResult[]> {
  const results: LineResult[] = [];
  for (const line of lines) {
    const parsed = deposits.bankFeedItemSchema.safeParse(line);
    results.push(
      parsed.success
        ? { reference: parsed.data.reference, outcome: await ingestOne(ctx, parsed.data) }
        : rejected(ctx, line, parsed.error),
    );
  }
  return results;
}

/** A line the bank must send again corrected. Logged: its money is at the bank and in no wallet. */
function rejected(ctx: Ctx, line: unknown, error: z.ZodError): LineResult {
  const reason = error.issues.every((i) => i.path[0] === 'amount') ? 'INVALID_AMOUNT' : 'INVALID_LINE';
  const given = (line as { reference?: unknown } | null)?.reference;
  const reference = deposits.bankFeedItemSchema.shape.reference.safeParse(given).data ?? '';
  ctx.log.warn(
    { reference, reason, fields: [...new Set(error.issues.map((i) => i.path.join('.')))] },
    'bank-feed line rejected; the bank must send it again corrected',
  );
  ctx.metrics.money('deposit_bank', 'refused');
  return { reference, outcome: 'REJECTED', reason };
}

/** One line, one round trip: bank_feed_credit (db/functions/deposits.sql) does the match, the record and the post. */
async function ingestOne(ctx: Ctx, item: deposits.BankFeedItem): Promise<Outcome> {
  const line: FeedItem = {
    reference: item.reference,
    fromBank: item.fromBankCode,
    fromAccount: item.fromAccountNo,
    toAccount: item.toAccountNo,
    amount: toMinor(item.amount).toString(),
    receivedAt: item.receivedAt,
  };
  const outcome = await credit(ctx, line);
  ctx.metrics.money(
    item.fromBankCode === 'TRUEWALLET' ? 'deposit_truewallet' : 'deposit_bank',
    COUNTED_AS[outcome],
    { minor: toMinor(item.amount), bankLine: item.reference },
  );
  if (outcome === 'UNMATCHED')
    ctx.log.warn({ reference: item.reference }, 'bank transfer matches no member; kept for the operator');
  return outcome;
}

/** One bank_feed_credit call's line, as bank_feed_credit_batch reads it (db/functions/deposits.sql). */
interface FeedItem {
  reference: string;
  fromBank: string;
  fromAccount: string;
  toAccount: string;
  /** Minor units. */
  amount: string;
  receivedAt: string;
}

type Credited = keyof typeof COUNTED_AS;

/** One line, one call of bank_feed_credit: the path without batching, and a batch item run again. */
async function creditAlone(ctx: Ctx, l: FeedItem): Promise<Credited> {
  const [row] = await ctx.db.query<{ outcome: Credited }>(
    'select bank_feed_credit($1, $2, $3, $4, $5, $6, $7, $8) as outcome',
    [
      l.reference,
      l.fromBank,
      l.fromAccount,
      l.toAccount,
      l.amount,
      l.receivedAt,
      ctx.clock.now(),
      houseCash(),
    ],
  );
  return row!.outcome;
}

/**
 * Issue 22: the bank-feed lines that arrive together (from one delivery or several) go in one call of
 * bank_feed_credit_batch (ledger/batch.ts), against one house cash row; with MONEY_BATCH off, each in its
 * own call of bank_feed_credit.
 */
const credit = batchedMovement({
  batch: (ctx: Ctx, items: FeedItem[]) =>
    ctx.db.query<{ outcome: Credited | null } & FailedColumns>(
      'select outcome, failed_state, failed_message from bank_feed_credit_batch($1, $2, $3)',
      [JSON.stringify(items), ctx.clock.now(), houseCash()],
    ),
  alone: creditAlone,
  value: (row): Credited => row.outcome!,
});
