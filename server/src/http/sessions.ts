// The bearer sessions (SH-18): modules/accounts creates and revokes them at login and logout; every
// authenticated request reads one through db/functions/sessions.sql (http/auth.ts, http/session-caller.ts)
// and realtime/ checks that a socket's is still live. They sit in http/, beside their readers on the
// request path, because http/ imports no module.
import type { Config } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import { newToken, sha256 } from '../lib/crypto.ts';

export interface SessionMember {
  memberId: string;
  tokenHash: Buffer;
}

/** Idle expiry is pushed forward at most this often, so reads do not each write. */
export const TOUCH_EVERY_MS = 60_000;

/** A new opaque token at every login (ASVS 7.2.4); only its hash is stored. */
export async function createSession(
  q: Queryable,
  opts: {
    memberId: string;
    /** "Remember me": the longer lifetimes. */
    longLived: boolean;
    now: Date;
    policy: Config['session'];
    ip: string;
    userAgent: string;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const { idle, absolute } = lifetimes(opts.policy, opts.longLived);
  const idleExpires = new Date(opts.now.getTime() + idle);
  const absoluteExpires = new Date(opts.now.getTime() + absolute);
  await q.query(
    `insert into sessions (token_hash, member_id, remember, created_at, last_seen_at, idle_expires_at,
       absolute_expires_at, ip, user_agent)
     values ($1, $2, $3, $4, $4, $5, $6, $7, $8)`,
    [
      sha256(token),
      opts.memberId,
      opts.longLived,
      opts.now,
      idleExpires,
      absoluteExpires,
      opts.ip,
      opts.userAgent.slice(0, 300),
    ],
  );
  return { token, expiresAt: idleExpires < absoluteExpires ? idleExpires : absoluteExpires };
}

/**
 * Which of these sessions are still live at `now` (not revoked, not expired, the member active), as hex
 * hashes. Read only: an open socket is not activity that keeps a session alive.
 */
export async function liveSessions(q: Queryable, hexHashes: string[], now: Date): Promise<Set<string>> {
  if (hexHashes.length === 0) return new Set();
  const rows = await q.query<{ hash: string }>(
    `select encode(s.token_hash, 'hex') as hash from sessions s join members m on m.id = s.member_id
     where s.token_hash in (select decode(h, 'hex') from unnest($1::text[]) h)
       and s.idle_expires_at > $2 and s.absolute_expires_at > $2 and m.status = 'active'`,
    [hexHashes, now],
  );
  return new Set(rows.map((r) => r.hash));
}

export async function revokeSession(q: Queryable, tokenHash: Buffer): Promise<void> {
  await q.query('delete from sessions where token_hash = $1', [tokenHash]);
}

export async function revokeMemberSessions(q: Queryable, memberId: string, except?: Buffer): Promise<void> {
  await q.query('delete from sessions where member_id = $1 and ($2::bytea is null or token_hash <> $2)', [
    memberId,
    except ?? null,
  ]);
}

/** Sessions deleted in one statement by the sweep: each deletion announces its end (realtime.sql). */
const SWEEP_BATCH = 500;

/**
 * Deletes the sessions of a table (members' or staff's) that expired by `now`, idle or absolute, a batch
 * at a time so that no transaction holds many locks, and returns how many. A read only refuses an expired
 * member session (sessions.sql), and a token that never comes back is never read, so without this the
 * table would keep every login until a logout or a password change. Each deletion ends its sockets
 * (the tables' delete triggers).
 */
export async function sweepExpiredSessions(
  q: Queryable,
  table: 'sessions' | 'staff_sessions',
  now: Date,
): Promise<number> {
  let swept = 0;
  for (;;) {
    const rows = await q.query<{ n: number }>(
      `with gone as (
         delete from ${table} where token_hash in (
           select token_hash from ${table} where idle_expires_at <= $1 or absolute_expires_at <= $1 limit $2)
         returning 1)
       select count(*)::int as n from gone`,
      [now, SWEEP_BATCH],
    );
    const n = rows[0]?.n ?? 0;
    swept += n;
    if (n < SWEEP_BATCH) return swept;
  }
}

function lifetimes(policy: Config['session'], longLived: boolean) {
  return longLived
    ? { idle: policy.rememberIdleMs, absolute: policy.rememberAbsoluteMs }
    : { idle: policy.idleMs, absolute: policy.absoluteMs };
}
