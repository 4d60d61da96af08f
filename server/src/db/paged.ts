import type { Queryable } from './db.ts';

/**
 * One page of a list, newest first, with the size of the whole list: the statement and the slip table.
 * `sql` selects the list (it needs `created_at` and `id`); its parameters are `params`. The total comes
 * from a window count in the same query, so a page costs one round trip; only a page past the end, which
 * has no row to carry the count, asks again.
 */
export async function paged<T extends object>(
  db: Queryable,
  sql: string,
  params: unknown[],
  page: number,
  limit: number,
): Promise<{ total: number; rows: T[] }> {
  const n = params.length;
  const rows = await db.query<T & { total_rows: bigint }>(
    `select *, count(*) over () as total_rows from (${sql}) list
     order by created_at desc, id desc limit $${n + 1} offset $${n + 2}`,
    [...params, limit, (page - 1) * limit],
  );
  if (rows[0]) return { total: Number(rows[0].total_rows), rows };
  if (page === 1) return { total: 0, rows };
  const [count] = await db.query<{ total: bigint }>(`select count(*) as total from (${sql}) list`, params);
  return { total: Number(count!.total), rows };
}
