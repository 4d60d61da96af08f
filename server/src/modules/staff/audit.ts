// The console's audit (ASVS 16.2-16.4): every staff and service action, append-only in the database
// (db/functions/staff.sql) and hash-chained, so a row changed behind the triggers' back is found by
// verifyAudit (`npm run ops -- audit-verify`).
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.ts';

export interface AuditEntry {
  actor: string;
  action: string;
  target?: string | null;
  memberId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

interface AuditRecord {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  memberId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/** A row as the database gives it back (AUDIT_COLUMNS). */
export interface StoredAuditRow {
  id: string;
  at: Date;
  actor: string;
  action: string;
  target: string | null;
  member_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export const AUDIT_COLUMNS = `staff_audit.id::text as id, at, actor, action, target, member_id, before, after, ip`;

/** A stored row as it was hashed (and as the console lists it). */
export const recordOf = (r: StoredAuditRow): AuditRecord => ({
  id: r.id,
  at: new Date(r.at).toISOString(),
  actor: r.actor,
  action: r.action,
  target: r.target,
  memberId: r.member_id,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
});

/** JSON with every object's keys sorted, so the same row always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    if (value instanceof Date) return JSON.stringify(value.toISOString());
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  return JSON.stringify(value);
}

export const rowHash = (record: AuditRecord, prevHash: string) =>
  createHash('sha256').update(canonicalJson(record)).update(prevHash).digest('hex');

/** A value as jsonb will give it back (bigints as text, no undefined). */
const asStored = (v: unknown) => (v === undefined ? null : JSON.parse(canonicalJson(v)));

/**
 * Appends one row. The chain's head is locked FOR UPDATE, so inserts are serialised and the chain is a
 * line; inside the caller's transaction when `q` is one (the row commits or rolls back with the action).
 */
export async function appendAudit(q: Queryable, at: Date, e: AuditEntry): Promise<void> {
  const [head] = await q.query<{ last_id: string; last_hash: string }>(
    'select last_id::text as last_id, last_hash from staff_audit_head for update',
  );
  const id = String(BigInt(head!.last_id) + 1n);
  const record: AuditRecord = {
    id,
    at: at.toISOString(),
    actor: e.actor,
    action: e.action,
    target: e.target ?? null,
    memberId: e.memberId ?? null,
    before: asStored(e.before),
    after: asStored(e.after),
    ip: e.ip ?? null,
  };
  const hash = rowHash(record, head!.last_hash);
  await q.query(
    `insert into staff_audit (id, at, actor, action, target, member_id, before, after, ip, prev_hash, row_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      at,
      record.actor,
      record.action,
      record.target,
      record.memberId,
      e.before === undefined ? null : canonicalJson(e.before),
      e.after === undefined ? null : canonicalJson(e.after),
      record.ip,
      head!.last_hash,
      hash,
    ],
  );
  await q.query('update staff_audit_head set last_id = $1, last_hash = $2', [id, hash]);
}

/** appendAudit in a transaction of its own (a refusal, a sign-in: nothing else to commit with). */
export const audit = (db: Db, at: Date, e: AuditEntry) => db.tx((q) => appendAudit(q, at, e));

export interface AuditVerdict {
  rows: number;
  /** The first row whose hash or link does not hold, and why. */
  broken?: { id: string; reason: string };
}

/** Walks the chain from the first row: every row's prev_hash is the row before's hash, and its own holds. */
export async function verifyAudit(q: Queryable): Promise<AuditVerdict> {
  let prev = '0'.repeat(64);
  let expectedId = 1n;
  let rows = 0;
  for (let after = 0n; ;) {
    const page = await q.query<StoredAuditRow & { prev_hash: string; row_hash: string }>(
      `select ${AUDIT_COLUMNS}, prev_hash, row_hash
       from staff_audit where id > $1 order by staff_audit.id limit 1000`,
      [after.toString()],
    );
    if (!page.length) break;
    for (const r of page) {
      if (BigInt(r.id) !== expectedId) return { rows, broken: { id: String(expectedId), reason: 'missing' } };
      if (r.prev_hash !== prev) return { rows, broken: { id: r.id, reason: 'link' } };
      if (rowHash(recordOf(r), prev) !== r.row_hash) return { rows, broken: { id: r.id, reason: 'hash' } };
      prev = r.row_hash;
      expectedId++;
      rows++;
    }
    after = BigInt(page[page.length - 1]!.id);
  }
  const [head] = await q.query<{ last_id: string; last_hash: string }>(
    'select last_id::text as last_id, last_hash from staff_audit_head',
  );
  if (head && (head.last_hash !== prev || BigInt(head.last_id) !== expectedId - 1n))
    return { rows, broken: { id: head.last_id, reason: 'head' } };
  return { rows };
}
