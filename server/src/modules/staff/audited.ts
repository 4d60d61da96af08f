// A console action and its audit row commit together (ASVS 16.3.3): the action runs in one transaction,
// the row is appended in it last, and should either fail neither is kept. Each area's console.ts calls
// its services through audited() with the context narrowed to that transaction.
import type { Ctx } from '../../context.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { appendAudit, type AuditEntry } from './audit.ts';

/** The staff member (or service account) acting, as the audit names them. */
export interface Actor {
  username: string;
  ip: string | null;
}

/** What an audited action answers: the caller's answer and the row that records it. */
export interface Done<T> {
  answer: T;
  audit: Omit<AuditEntry, 'actor' | 'ip'>;
}

/**
 * The context with its database narrowed to one open transaction: a service's own ctx.db.tx joins it.
 * What the service would tell sockets at once (a chat context's announce) waits in `later` for the
 * commit, so nobody hears of a change that is then rolled back.
 */
export function inTransaction<C extends Ctx>(ctx: C, q: Queryable, later?: Array<() => void>): C {
  const db = {
    kind: ctx.db.kind,
    query: (sql, params) => q.query(sql, params),
    exec: (sql) => q.exec(sql),
    tx: (fn) => fn(q),
    close: async () => undefined,
  } as Db;
  const narrowed: C = { ...ctx, db };
  const announce = (ctx as { announce?: unknown }).announce;
  if (later && typeof announce === 'function')
    Object.assign(narrowed, {
      announce: (...args: unknown[]) => later.push(() => announce.apply(ctx, args)),
    });
  return narrowed;
}

/**
 * Runs `act` in one transaction and appends its audit row in the same one, as `actor`; answers what
 * `act` answers once both have committed. Nothing `act` changed survives a failed row.
 */
export async function audited<C extends Ctx, T>(
  ctx: C,
  actor: Actor,
  act: (tx: C) => Promise<Done<T>>,
): Promise<T> {
  const later: Array<() => void> = [];
  const answer = await ctx.db.tx(async (q) => {
    const done = await act(inTransaction(ctx, q, later));
    await appendAudit(q, ctx.clock.now(), { ...done.audit, actor: actor.username, ip: actor.ip });
    return done.answer;
  });
  for (const tell of later) tell();
  return answer;
}
