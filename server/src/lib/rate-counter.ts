import type { Queryable } from '../db/db.ts';

/**
 * Fixed-window counters kept in the database so every server instance sees the same count.
 * hit() adds one and returns the count in the current window; peek() reads it without adding.
 */
export async function hit(q: Queryable, key: string, windowS: number, now: Date): Promise<number> {
  return (await take(q, key, windowS, now)).hits;
}

export async function peek(q: Queryable, key: string, windowS: number, now: Date): Promise<number> {
  const [row] = await q.query<{ hits: number }>(
    `select hits from rate_limits where key = $1 and window_started_at > $2::timestamptz - make_interval(secs => $3)`,
    [key, now, windowS],
  );
  return row?.hits ?? 0;
}

export async function reset(q: Queryable, key: string): Promise<void> {
  await q.query('delete from rate_limits where key = $1', [key]);
}

/** A hit counted in one window: its count, and when that window ends. */
export interface Taken {
  key: string;
  hits: number;
  /** What this hit added (1, or an amount such as kilobytes). */
  amount: number;
  windowStartedAt: Date;
  windowEndsAt: Date;
}

/**
 * hit() that also says which window the hit went into, so it can be given back to that window only.
 * `amount` counts something other than calls (the kilobytes of uploads).
 */
export async function take(
  q: Queryable,
  key: string,
  windowS: number,
  now: Date,
  amount = 1,
): Promise<Taken> {
  const [row] = await q.query<{ hits: number; window_started_at: Date }>(
    `insert into rate_limits (key, window_started_at, hits) values ($1, $2, $4)
     on conflict (key) do update set
       hits = case when rate_limits.window_started_at <= $2::timestamptz - make_interval(secs => $3)
                   then $4 else rate_limits.hits + $4 end,
       window_started_at = case when rate_limits.window_started_at <= $2::timestamptz - make_interval(secs => $3)
                   then $2 else rate_limits.window_started_at end
     returning hits, window_started_at`,
    [key, now, windowS, amount],
  );
  const windowStartedAt = row!.window_started_at;
  return {
    key,
    hits: row!.hits,
    amount,
    windowStartedAt,
    windowEndsAt: new Date(windowStartedAt.getTime() + windowS * 1000),
  };
}

/** Takes back a hit, unless its window has ended meanwhile (a new window owes it nothing). */
export async function giveBack(q: Queryable, taken: Taken): Promise<void> {
  await q.query(
    'update rate_limits set hits = greatest(hits - $3, 0) where key = $1 and window_started_at = $2 and hits > 0',
    [taken.key, taken.windowStartedAt, taken.amount],
  );
}
