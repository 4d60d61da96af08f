// The only code that changes a balance (DESIGN.md "Money and the ledger"). One journal entry per business
// event, its postings summing to zero, the balances updated in the same transaction with guarded SQL.
import type { Queryable } from '../db/db.ts';
import { AppError } from '../errors.ts';

export type MemberAccountKind = 'member_wallet' | 'member_pending_withdrawal';

/** Amounts come back from PGlite as number or bigint and from pg as bigint: always read them with this. */
export const minor = (value: unknown): bigint => BigInt(value as number | bigint | string);

/** House cash is spread over a few rows so that concurrent deposits and payouts do not queue on one. */
const HOUSE_CASH_SHARDS = 8;
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

/** The id of an account, created on first use. */
async function accountId(q: Queryable, code: string): Promise<string> {
  const [existing] = await q.query<{ id: string }>('select id from ledger_accounts where code = $1', [code]);
  if (existing) return String(existing.id);
  const [, memberId, kindPart] = /^member:(\d+):(\w+)$/.exec(code) ?? [];
  const kind = memberId ? (kindPart === 'wallet' ? 'member_wallet' : 'member_pending_withdrawal') : 'house';
  await q.query(
    'insert into ledger_accounts (code, kind, member_id) values ($1, $2, $3) on conflict (code) do nothing',
    [code, kind, memberId ?? null],
  );
  const [row] = await q.query<{ id: string }>('select id from ledger_accounts where code = $1', [code]);
  return String(row!.id);
}

export class DuplicateEntry extends Error {}

/**
 * Posts one entry. Its reference makes it happen at most once: a second post with the same reference
 * throws DuplicateEntry and moves nothing. A member account that would go below zero refuses the whole
 * entry with MONEY_NOT_ENOUGH (and the CHECK constraint stands behind that).
 */
export async function post(
  q: Queryable,
  entry: { kind: string; reference: string; memberId?: string; at: Date; lines: Line[] },
): Promise<string> {
  const sum = entry.lines.reduce((s, l) => s + l.amount, 0n);
  if (sum !== 0n || entry.lines.some((l) => l.amount === 0n)) {
    throw new Error(`unbalanced entry ${entry.reference}`);
  }
  const [created] = await q.query<{ id: string }>(
    `insert into journal_entries (kind, reference, member_id, created_at) values ($1, $2, $3, $4)
     on conflict (reference) do nothing returning id`,
    [entry.kind, entry.reference, entry.memberId ?? null, entry.at],
  );
  if (!created) throw new DuplicateEntry(entry.reference);
  const lines = await Promise.all(
    entry.lines.map(async (l) => ({ ...l, id: await accountId(q, l.account) })),
  );
  // Rows are locked in id order so two entries touching the same accounts cannot deadlock.
  lines.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  for (const line of lines) {
    await q.query('insert into postings (entry_id, account_id, amount) values ($1, $2, $3)', [
      created.id,
      line.id,
      line.amount.toString(),
    ]);
    const updated = await q.query(
      `update ledger_accounts set balance = balance + $2
       where id = $1 and (kind = 'house' or balance + $2 >= 0) returning id`,
      [line.id, line.amount.toString()],
    );
    if (!updated.length) throw new AppError('MONEY_NOT_ENOUGH');
  }
  return String(created.id);
}

export async function balanceOf(q: Queryable, code: string): Promise<bigint> {
  const [row] = await q.query<{ balance: unknown }>('select balance from ledger_accounts where code = $1', [
    code,
  ]);
  return row ? minor(row.balance) : 0n;
}

/** Locks a member account for the rest of the transaction and answers its balance. */
export async function lockBalance(q: Queryable, code: string): Promise<bigint> {
  const id = await accountId(q, code);
  const [row] = await q.query<{ balance: unknown }>(
    'select balance from ledger_accounts where id = $1 for update',
    [id],
  );
  return minor(row!.balance);
}

export interface LedgerReport {
  accounts: number;
  entries: number;
  /** Accounts whose stored balance differs from the sum of their postings. */
  mismatched: Array<{ code: string; stored: string; computed: string }>;
  /** Entries whose postings do not sum to zero. */
  unbalanced: string[];
  /** Member accounts below zero. */
  negative: string[];
  /** The sum of every posting: always zero in a sound ledger. */
  total: string;
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
  const negative = await q.query<{ code: string }>(
    `select code from ledger_accounts where kind <> 'house' and balance < 0`,
  );
  const [totals] = await q.query<{ total: unknown; accounts: unknown; entries: unknown }>(
    `select (select coalesce(sum(amount), 0) from postings) as total,
            (select count(*) from ledger_accounts) as accounts,
            (select count(*) from journal_entries) as entries`,
  );
  return {
    accounts: Number(totals!.accounts),
    entries: Number(totals!.entries),
    mismatched: mismatched.map((m) => ({
      code: m.code,
      stored: String(m.stored),
      computed: String(m.computed),
    })),
    unbalanced: unbalanced.map((u) => String(u.entry_id)),
    negative: negative.map((n) => n.code),
    total: String(totals!.total),
  };
}

export const ledgerIsSound = (r: LedgerReport) =>
  r.mismatched.length === 0 && r.unbalanced.length === 0 && r.negative.length === 0 && r.total === '0';
