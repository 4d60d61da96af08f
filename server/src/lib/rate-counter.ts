import type { Queryable } from '../db/db.ts';

/**
 * Fixed-window counters kept in the database so every server instance sees the same count.
 * hit() adds one and returns the count in the current window; peek() reads it without adding.
 */
export async function hit(q: Queryable, key: string, windowS: number, now: Date): Promise<number> {
  const [row] = await q.query<{ hits: number }>(
    `insert into rate_limits (key, window_started_at, hits) values ($1, $2, 1)
     on conflict (key) do update set
       hits = case when rate_limits.window_started_at <= $2::timestamptz - make_interval(secs => $3)
                   then 1 else rate_limits.hits + 1 end,
       window_started_at = case when rate_limits.window_started_at <= $2::timestamptz - make_interval(secs => $3)
                   then $2 else rate_limits.window_started_at end
     returning hits`,
    [key, now, windowS],
  );
  return row!.hits;
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
