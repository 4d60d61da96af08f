// Issue 22: a money request's session is read by its money call, in the same statement
// (db/functions/sessions.sql), instead of in a round trip of its own before it. A withdrawal and a game
// transfer are such calls (route()'s sessionInCall): the route checks only that a well-formed token came
// (auth.ts's bearer) and hands the service its hash; the money function's statement reads the session
// (session_member) and answers the member with the money; a batch of such calls reads its sessions in
// one statement (session_members, ledger/batch.ts). The rules are those of every other route (auth.ts).
import type { Config } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import { AppError } from '../errors.ts';
import { revokeSession, TOUCH_EVERY_MS } from './sessions.ts';

/** Whose money a call moves: a member already known, or the request's session (its token's hash). */
export type Caller = { memberId: string } | { session: Buffer };

/** What reading a session needs of the app. */
export interface SessionContext {
  db: Queryable;
  clock: { now(): Date };
  config: { session: Config['session'] };
}

/** The member, when the caller names one. */
export const knownMember = (caller: Caller): string | undefined =>
  'memberId' in caller ? caller.memberId : undefined;

/** session_member's and session_members' arguments after the hashes: the time and the session rules. */
export function sessionArgs(ctx: SessionContext): [Date, number, number, number] {
  const { idleMs, rememberIdleMs } = ctx.config.session;
  return [ctx.clock.now(), idleMs, rememberIdleMs, TOUCH_EVERY_MS];
}

/**
 * A FROM item naming the caller's member as `m (id)`, for a money call's statement to take it
 * laterally, with its parameters from `$first` on: the session read in the same statement, or the known
 * member as a value.
 */
export function memberFrom(
  ctx: SessionContext,
  item: { member: string | null; session: string | null },
  first: number,
): { from: string; params: unknown[] } {
  if (item.member !== null) return { from: `(values ($${first}::bigint)) as m (id)`, params: [item.member] };
  const n = (i: number) => `$${first + i}`;
  return {
    from: `session_member(${[0, 1, 2, 3, 4].map(n).join(', ')}) as m (id)`,
    params: [Buffer.from(item.session!, 'hex'), ...sessionArgs(ctx)],
  };
}

/**
 * The caller's member, read in a statement of its own: for what must know the member before its money
 * call (a PIN to check, a game balance to ask for). Refused as every route refuses a session.
 */
export async function memberOf(ctx: SessionContext, caller: Caller): Promise<string> {
  if ('memberId' in caller) return caller.memberId;
  try {
    const [row] = await ctx.db.query<{ member: string }>(
      'select session_member($1, $2, $3, $4, $5)::text as member',
      [caller.session, ...sessionArgs(ctx)],
    );
    return row!.member;
  } catch (err) {
    throw await sessionRefusal(ctx, caller.session, err);
  }
}

/**
 * The members of a batch's sessions (hex hashes), read in one statement: each a member id, or the
 * session's refusal shaped as session_member raises it (SQLSTATE P0008).
 */
export async function membersOfSessions(
  ctx: SessionContext,
  sessions: string[],
): Promise<Map<string, { member: string } | { refusal: string }>> {
  const rows = await ctx.db.query<{ hash: string; member: string | null; refusal: string | null }>(
    `select encode(token_hash, 'hex') as hash, member_id::text as member, refusal
     from session_members($1::bytea[], $2, $3, $4, $5)`,
    [sessions.map((s) => Buffer.from(s, 'hex')), ...sessionArgs(ctx)],
  );
  return new Map(
    rows.map((r) => [r.hash, r.refusal === null ? { member: r.member! } : { refusal: r.refusal }]),
  );
}

/**
 * A session's refusal (SQLSTATE P0008) as auth.ts answers it: 'invalid-token', or INACTIVE_USER, which
 * also ends the session (a member no longer active loses it). Any other error as it is.
 */
export async function sessionRefusal(ctx: SessionContext, session: Buffer, err: unknown): Promise<unknown> {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (code !== 'P0008') return err;
  if (message !== 'INACTIVE_USER') return new AppError('invalid-token', 401);
  await revokeSession(ctx.db, session);
  return new AppError('INACTIVE_USER', 403);
}

/** The caller's session as a batch item carries it (hex of the token's hash); null for a known member. */
export const sessionHex = (caller: Caller): string | null =>
  'session' in caller ? caller.session.toString('hex') : null;
