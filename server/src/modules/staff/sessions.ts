// Staff sessions, server-side (ASVS 7.3, NIST AAL2): 30 minutes idle, 12 hours at most, a new token at
// each sign-in, only its hash stored. A session ends when its staff member is disabled or their role
// changes (the role at sign-in is kept on the session and must still be theirs).
import type { StaffRole } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';

export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_ABSOLUTE_MS = 12 * 60 * 60_000;

export interface StaffSession {
  staffId: string;
  username: string;
  role: StaffRole;
  tokenHash: Buffer;
  mustChangePassword: boolean;
  mustEnrolTotp: boolean;
  /** When a TOTP code was last given in this session (sign-in or a money action's `code`). */
  stepUpAt: Date | null;
}

export async function createStaffSession(
  q: Queryable,
  staff: { id: string; role: StaffRole },
  now: Date,
  stepUp: boolean,
): Promise<string> {
  const token = newToken();
  await q.query(
    `insert into staff_sessions (token_hash, staff_id, role, created_at, last_seen_at, idle_expires_at,
       absolute_expires_at, step_up_at) values ($1, $2, $3, $4, $4, $5, $6, $7)`,
    [
      sha256(token),
      staff.id,
      staff.role,
      now,
      new Date(now.getTime() + STAFF_IDLE_MS),
      new Date(now.getTime() + STAFF_ABSOLUTE_MS),
      stepUp ? now : null,
    ],
  );
  return token;
}

export async function resolveStaffSession(ctx: Ctx, token: string): Promise<StaffSession | undefined> {
  const now = ctx.clock.now();
  const tokenHash = sha256(token);
  const [row] = await ctx.db.query<{
    staff_id: string;
    username: string;
    role: StaffRole;
    session_role: string;
    disabled: boolean;
    must_change_password: boolean;
    enrolled: boolean;
    idle_expires_at: Date;
    absolute_expires_at: Date;
    step_up_at: Date | null;
  }>(
    `select s.staff_id::text as staff_id, f.username, f.role, s.role as session_role, f.disabled,
            f.must_change_password, f.totp_secret is not null as enrolled, s.idle_expires_at,
            s.absolute_expires_at, s.step_up_at
     from staff_sessions s join staff f on f.id = s.staff_id where s.token_hash = $1`,
    [tokenHash],
  );
  if (!row) return undefined;
  if (
    row.disabled ||
    row.role !== row.session_role ||
    row.idle_expires_at <= now ||
    row.absolute_expires_at <= now
  ) {
    await ctx.db.query('delete from staff_sessions where token_hash = $1', [tokenHash]);
    return undefined;
  }
  await ctx.db.query(
    `update staff_sessions set last_seen_at = $2, idle_expires_at = least($3, absolute_expires_at)
     where token_hash = $1`,
    [tokenHash, now, new Date(now.getTime() + STAFF_IDLE_MS)],
  );
  return {
    staffId: row.staff_id,
    username: row.username,
    role: row.role,
    tokenHash,
    mustChangePassword: row.must_change_password,
    mustEnrolTotp: !row.enrolled,
    stepUpAt: row.step_up_at,
  };
}

export const endStaffSessions = (q: Queryable, staffId: string) =>
  q.query('delete from staff_sessions where staff_id = $1', [staffId]);

/**
 * Of these sessions (token hashes, hex), the ones still live: the realtime sweep closes the console's
 * sockets of the others (expired while nobody called the API, or ended while the announcement was lost).
 */
export async function liveStaffSessions(q: Queryable, hexHashes: string[], now: Date): Promise<Set<string>> {
  if (hexHashes.length === 0) return new Set();
  const rows = await q.query<{ hash: string }>(
    `select encode(s.token_hash, 'hex') as hash from staff_sessions s join staff f on f.id = s.staff_id
     where s.token_hash in (select decode(h, 'hex') from unnest($1::text[]) h)
       and s.idle_expires_at > $2 and s.absolute_expires_at > $2 and not f.disabled and f.role = s.role`,
    [hexHashes, now],
  );
  return new Set(rows.map((r) => r.hash));
}
