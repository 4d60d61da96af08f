// The only code that changes a balance. One journal entry per business
// event, its postings summing to zero, the balances updated in the same transaction with guarded SQL.
import { isErrorCode } from '@krapao/contract';
import type { Queryable } from '../db/db.ts';
import { AppError } from '../errors.ts';

export { houseCash, memberAccount, type MemberAccountKind } from './account-names.ts';

export interface Line {
  /** An account's name (ledger/account-names.ts). */
  account: string;
  amount: bigint;
}

export class DuplicateEntry extends Error {}

/**
 * Posts one entry (through the database function ledger_post, one round trip). Its reference makes it
 * happen at most once: a second post with the same reference throws DuplicateEntry and moves nothing.
 * A member account that would go below zero refuses the whole entry with MONEY_NOT_ENOUGH (and the
 * CHECK constraint stands behind that).
 */
export async function post(
  q: Queryable,
  entry: { kind: string; reference: string; memberId?: string; at: Date; lines: Line[] },
): Promise<string> {
  const sum = entry.lines.reduce((s, l) => s + l.amount, 0n);
  if (sum !== 0n || entry.lines.some((l) => l.amount === 0n)) {
    throw new Error(`unbalanced entry ${entry.reference}`);
  }
  try {
    const [row] = await q.query<{ id: string | null }>(
      'select ledger_post($1, $2, $3, $4, $5::text[], $6::bigint[])::text as id',
      [
        entry.kind,
        entry.reference,
        entry.memberId ?? null,
        entry.at,
        entry.lines.map((l) => l.account),
        entry.lines.map((l) => l.amount.toString()),
      ],
    );
    if (row?.id === null || row?.id === undefined) throw new DuplicateEntry(entry.reference);
    return row.id;
  } catch (err) {
    throw refusalOf(err);
  }
}

/**
 * The refusal a money function raised (db/functions/*.sql), as the AppError the member sees:
 * P0003 is MONEY_NOT_ENOUGH, P0004 carries the code as its message. Anything else is returned as it is.
 */
export function refusalOf(err: unknown): unknown {
  const { code, message } = err as { code?: string; message?: string };
  if (code === 'P0003') return new AppError('MONEY_NOT_ENOUGH');
  // P0006: the member is frozen (db/functions/staff.sql): nothing of theirs moves.
  if (code === 'P0006') return new AppError('INACTIVE_USER', 403);
  // P0005: an entry whose accounts are in another currency than its member's wallet (kip into a baht pool).
  if (code === 'P0005') return new AppError('CURRENCY_NOT_OFFERED');
  if (code === 'P0004' && isErrorCode(message))
    return new AppError(message, message === 'IDEMPOTENCY_KEY_REUSED' ? 422 : 400);
  return err;
}

export interface CurrencyReport {
  currency: string;
  accounts: number;
  entries: number;
  /** The sum of the postings in this currency: always zero in a sound ledger. */
  total: string;
}

export interface LedgerReport {
  accounts: number;
  entries: number;
  /** Accounts whose stored balance differs from the sum of their postings. */
  mismatched: Array<{ code: string; stored: string; computed: string }>;
  /** Entries whose postings do not sum to zero. */
  unbalanced: string[];
  /** Entries with a posting in another currency than the entry or its account (the keys forbid it). */
  mixed: string[];
  /** Member accounts below zero. */
  negative: string[];
  /** The sum of every posting, each currency on its own: every total is zero in a sound ledger. */
  currencies: CurrencyReport[];
}

/** Recomputes every balance from the postings (`npm run ledger:check`, and every money test). */
export async function checkLedger(q: Queryable): Promise<LedgerReport> {
  const mismatched = await q.query<{ code: string; stored: string; computed: string }>(
    `select a.code, a.balance::text as stored, coalesce(sum(p.amount), 0)::text as computed
     from ledger_accounts a left join postings p on p.account_id = a.id
     group by a.id, a.code, a.balance having a.balance <> coalesce(sum(p.amount), 0)`,
  );
  const unbalanced = await q.query<{ entry_id: bigint }>(
    'select entry_id from postings group by entry_id having sum(amount) <> 0',
  );
  const mixed = await q.query<{ entry_id: bigint }>(
    `select distinct p.entry_id from postings p
     join journal_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
     where p.currency <> e.currency or a.currency <> e.currency order by p.entry_id`,
  );
  const negative = await q.query<{ code: string }>(
    `select code from ledger_accounts where kind <> 'house' and balance < 0`,
  );
  const currencies = await q.query<CurrencyReport>(
    `select c.currency,
            (select count(*)::int from ledger_accounts a where a.currency = c.currency) as accounts,
            (select count(*)::int from journal_entries e where e.currency = c.currency) as entries,
            (select coalesce(sum(amount), 0) from postings p where p.currency = c.currency)::text as total
     from (select currency from ledger_accounts union select currency from journal_entries) c
     order by c.currency`,
  );
  return {
    accounts: currencies.reduce((n, c) => n + c.accounts, 0),
    entries: currencies.reduce((n, c) => n + c.entries, 0),
    mismatched,
    unbalanced: unbalanced.map((u) => String(u.entry_id)),
    mixed: mixed.map((m) => String(m.entry_id)),
    negative: negative.map((n) => n.code),
    currencies,
  };
}

export const ledgerIsSound = (r: LedgerReport) =>
  r.mismatched.length === 0 &&
  r.unbalanced.length === 0 &&
  r.mixed.length === 0 &&
  r.negative.length === 0 &&
  r.currencies.every((c) => c.total === '0');
