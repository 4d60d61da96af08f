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
  windowStartedAt: Date;
  windowEndsAt: Date;
}

/** hit() that also says which window the hit went into, so it can be given back to that window only. */
export async function take(q: Queryable, key: string, windowS: number, now: Date): Promise<Taken> {
  const [row] = await q.query<{ hits: number; window_started_at: Date }>(
    `insert into rate_limits (key, window_started_at, hits) values ($1, $2, 1)
     on conflict (key) do update set
       hits = case when rate_limits.window_started_at <= $2::timestamptz - make_interval(secs => $3)
                   then 1 else rate_limits.hits + 1 end,
       window_started_at = case when rate_limits.window_started_at <= $2::timestamptz - make_interval(secs => $3)
                   then $2 else rate_limits.window_started_at end
     returning hits, window_started_at`,
    [key, now, windowS],
  );
  const windowStartedAt = row!.window_started_at;
  return {
    key,
    hits: row!.hits,
    windowStartedAt,
    windowEndsAt: new Date(windowStartedAt.getTime() + windowS * 1000),
  };
}

/** Takes back one hit, unless its window has ended meanwhile (a new window owes it nothing). */
export async function giveBack(q: Queryable, taken: Taken): Promise<void> {
  await q.query(
    'update rate_limits set hits = hits - 1 where key = $1 and window_started_at = $2 and hits > 0',
    [taken.key, taken.windowStartedAt],
  );
}
