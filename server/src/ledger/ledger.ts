// The only code that changes a balance (DESIGN.md "Money and the ledger"). One journal entry per business
// event, its postings summing to zero, the balances updated in the same transaction with guarded SQL.
import { isErrorCode } from '@krapao/contract';
import type { Queryable } from '../db/db.ts';
import { AppError } from '../errors.ts';

export type MemberAccountKind = 'member_wallet' | 'member_pending_withdrawal';

/** Amounts come back from PGlite as number or bigint and from pg as bigint: always read them with this. */
export const minor = (value: unknown): bigint => BigInt(value as number | bigint | string);

/**
 * House cash is spread over many rows so that concurrent deposits and payouts seldom queue on one: each
 * holds its row from its update until its commit, a WAL flush later. House codes are named without a
 * currency: ledger_post files them under the entry's (house:bank_cash:7:LAK for a kip member's entry).
 */
const HOUSE_CASH_SHARDS = 32;
export const houseCash = () => `house:bank_cash:${Math.floor(Math.random() * HOUSE_CASH_SHARDS)}`;

const memberCode = (kind: MemberAccountKind, memberId: string) =>
  `member:${memberId}:${kind === 'member_wallet' ? 'wallet' : 'pending_withdrawal'}`;

export interface Line {
  /** An account code: memberAccount(...) or a house code. */
  account: string;
  amount: bigint;
}

export function memberAccount(kind: MemberAccountKind, memberId: string): string {
  return memberCode(kind, memberId);
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
      'select ledger_post($1, $2, $3, $4, $5::text[], $6::bigint[]) as id',
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
    return String(row.id);
  } catch (err) {
    throw refusalOf(err);
  }
}

/**
 * The refusal a money function raised (db/migrations/003 and 006), as the AppError the member sees:
 * P0003 is MONEY_NOT_ENOUGH, P0004 carries the code as its message. Anything else is returned as it is.
 */
export function refusalOf(err: unknown): unknown {
  const { code, message } = err as { code?: string; message?: string };
  if (code === 'P0003') return new AppError('MONEY_NOT_ENOUGH');
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
  const mismatched = await q.query<{ code: string; stored: unknown; computed: unknown }>(
    `select a.code, a.balance as stored, coalesce(sum(p.amount), 0) as computed
     from ledger_accounts a left join postings p on p.account_id = a.id
     group by a.id, a.code, a.balance having a.balance <> coalesce(sum(p.amount), 0)`,
  );
  const unbalanced = await q.query<{ entry_id: unknown }>(
    'select entry_id from postings group by entry_id having sum(amount) <> 0',
  );
  const mixed = await q.query<{ entry_id: unknown }>(
    `select distinct p.entry_id from postings p
     join journal_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
     where p.currency <> e.currency or a.currency <> e.currency order by p.entry_id`,
  );
  const negative = await q.query<{ code: string }>(
    `select code from ledger_accounts where kind <> 'house' and balance < 0`,
  );
  const currencies = await q.query<{ currency: string; total: unknown; accounts: unknown; entries: unknown }>(
    `select c.currency,
            (select coalesce(sum(amount), 0) from postings p where p.currency = c.currency) as total,
            (select count(*) from ledger_accounts a where a.currency = c.currency) as accounts,
            (select count(*) from journal_entries e where e.currency = c.currency) as entries
     from (select currency from ledger_accounts union select currency from journal_entries) c
     order by c.currency`,
  );
  return {
    accounts: currencies.reduce((n, c) => n + Number(c.accounts), 0),
    entries: currencies.reduce((n, c) => n + Number(c.entries), 0),
    mismatched: mismatched.map((m) => ({
      code: m.code,
      stored: String(m.stored),
      computed: String(m.computed),
    })),
    unbalanced: unbalanced.map((u) => String(u.entry_id)),
    mixed: mixed.map((m) => String(m.entry_id)),
    negative: negative.map((n) => n.code),
    currencies: currencies.map((c) => ({
      currency: c.currency,
      accounts: Number(c.accounts),
      entries: Number(c.entries),
      total: String(c.total),
    })),
  };
}

export const ledgerIsSound = (r: LedgerReport) =>
  r.mismatched.length === 0 &&
  r.unbalanced.length === 0 &&
  r.mixed.length === 0 &&
  r.negative.length === 0 &&
  r.currencies.every((c) => c.total === '0');
