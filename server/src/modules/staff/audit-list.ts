// Reading the audit: newest first, filtered by who, what, member and time, a page at a time; and the
// same rows as CSV (cells that a spreadsheet would run as formulas are quoted harmless, ASVS 16.4.1).
import type { AuditRow } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isCleanText } from '@krapao/contract';
import { AUDIT_COLUMNS, recordOf, type StoredAuditRow } from './audit.ts';

const str = (v: unknown, max = 200): string | null => {
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || v.length > max || !isCleanText(v)) throw new AppError('INVALID_REQUEST');
  return v;
};
const time = (v: unknown): Date | null => {
  const s = str(v, 40);
  if (s === null) return null;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) throw new AppError('INVALID_REQUEST');
  return d;
};

export async function listAudit(
  ctx: Ctx,
  query: Record<string, unknown>,
): Promise<{ items: AuditRow[]; nextBefore: string | null }> {
  const limitText = str(query.limit, 6);
  const limit = limitText === null ? 100 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 5000) throw new AppError('INVALID_REQUEST');
  const before = str(query.before, 20);
  if (before !== null && !/^\d{1,18}$/.test(before)) throw new AppError('INVALID_REQUEST');
  const rows = await ctx.db.query<StoredAuditRow>(
    `select ${AUDIT_COLUMNS} from staff_audit
     where ($1::bigint is null or id < $1) and ($2::text is null or actor = $2)
       and ($3::text is null or action like $3 || '%') and ($4::text is null or member_id = $4)
       and ($5::timestamptz is null or at >= $5) and ($6::timestamptz is null or at < $6)
     order by staff_audit.id desc limit $7`,
    [
      before,
      str(query.actor),
      str(query.action)?.replace(/[%_\\]/g, '\\$&') ?? null,
      str(query.memberId),
      time(query.from),
      time(query.to),
      limit + 1,
    ],
  );
  const items = rows.slice(0, limit).map((r): AuditRow => {
    const { memberId: _memberId, ...row } = recordOf(r);
    return row;
  });
  return { items, nextBefore: rows.length > limit ? items[items.length - 1]!.id : null };
}

/** A member's audit rows of the given actions, newest first (the member page's own histories). */
export async function memberAuditRows(
  ctx: Ctx,
  memberId: string,
  actions: readonly string[],
  limit: number,
): Promise<AuditRow[]> {
  const rows = await ctx.db.query<StoredAuditRow>(
    `select ${AUDIT_COLUMNS} from staff_audit
     where member_id = $1 and action = any($2::text[]) order by staff_audit.id desc limit $3`,
    [memberId, actions, limit],
  );
  return rows.map((r) => {
    const { memberId: _memberId, ...row } = recordOf(r);
    return row;
  });
}

const cell = (v: unknown): string => {
  let s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * A time as the console shows it, in the operator's city (Bangkok, or Vientiane: both UTC+7 all year,
 * no summer time), with its offset so that a sheet can still order and compare it: 2026-12-01T18:55:13+07:00.
 */
function operatorTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 19)}+07:00`;
}

/** UTF-8's byte order mark: without it Excel reads the file in the system's code page and Thai breaks. */
const BOM = '\uFEFF';

export function auditCsv(rows: AuditRow[]): string {
  const head = 'id,at,actor,action,target,before,after,ip';
  return (
    BOM +
    [
      head,
      ...rows.map((r) =>
        [r.id, operatorTime(r.at), r.actor, r.action, r.target, r.before, r.after, r.ip].map(cell).join(','),
      ),
    ].join('\r\n') +
    '\r\n'
  );
}
