import { IDEMPOTENCY_KEY_PATTERN } from '@krapao/contract';
import type { Db, Queryable } from '../db/db.ts';
import { AppError } from '../errors.ts';
import { sha256 } from '../lib/crypto.ts';

/**
 * Runs a money-moving request once per (member, key), in one transaction with the key: a replay returns
 * the first answer and moves nothing; the same key with another body is IDEMPOTENCY_KEY_REUSED. A request
 * that failed leaves no key behind, so a retry after an error is tried afresh.
 */
export async function once<T>(
  db: Db,
  req: { memberId: string; key: string | undefined; body: unknown },
  run: (q: Queryable) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  const key = checkedKey(req.key);
  const hash = requestHash(req.body);
  return db.tx(async (q) => {
    // A concurrent request with the same key waits here until the first one commits or rolls back.
    const fresh = await q.query(
      `insert into idempotency_keys (member_id, key, request_hash) values ($1, $2, $3)
       on conflict (member_id, key) do nothing returning key`,
      [req.memberId, key, hash],
    );
    if (!fresh.length) {
      const [seen] = await q.query<{ request_hash: Uint8Array; response: T | null }>(
        'select request_hash, response from idempotency_keys where member_id = $1 and key = $2',
        [req.memberId, key],
      );
      if (!seen || !Buffer.from(seen.request_hash).equals(hash))
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
      return { value: seen.response as T, replayed: true };
    }
    const result = await run(q);
    await q.query('update idempotency_keys set response = $3 where member_id = $1 and key = $2', [
      req.memberId,
      key,
      JSON.stringify(result),
    ]);
    return { value: result, replayed: false };
  });
}

/** The Idempotency-Key of a money-moving request: KEY_MISSING without one, KEY_INVALID when malformed. */
export function checkedKey(key: string | undefined): string {
  if (!key) throw new AppError('KEY_MISSING');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('KEY_INVALID');
  return key;
}

/** What a key remembers of its request: a replay must carry the same body. */
export const requestHash = (body: unknown) => sha256(JSON.stringify(body ?? null));
