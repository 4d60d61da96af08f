import type { Json, Queryable } from './db.ts';
import { randomBytes } from 'node:crypto';

/** Reads one operator setting (seeded by db/seed.ts); undefined when absent. T: what the caller expects. */
export async function getSetting<T = Json>(q: Queryable, key: string): Promise<T | undefined> {
  const [row] = await q.query<{ value: T }>('select value from settings where key = $1', [key]);
  return row?.value;
}

/**
 * The HMAC secret: APP_SECRET when configured, else one made once and kept in the database so that
 * every instance and every restart agree.
 */
export async function appSecret(q: Queryable, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await q.query('insert into settings (key, value) values ($1, $2) on conflict (key) do nothing', [
    'app.secret',
    JSON.stringify(randomBytes(32).toString('hex')),
  ]);
  return (await getSetting<string>(q, 'app.secret'))!;
}

/** Writes one operator setting (the console's settings pages), in the caller's transaction when given one. */
export async function putSetting(q: Queryable, key: string, value: unknown): Promise<void> {
  await q.query(
    'insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
    [key, JSON.stringify(value)],
  );
}
