import { IDEMPOTENCY_KEY_PATTERN } from '@krapao/contract';
import { useCallback, useState } from 'react';
import { ApiError } from './api-client';

/** A fresh key for one money-moving request: 32 hex characters (IDEMPOTENCY_KEY_PATTERN). */
export function newIdempotencyKey(): string {
  const key =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID().replace(/-/g, '')
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
          '',
        );
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new Error('bad idempotency key');
  return key;
}

/**
 * A final answer: success or a refusal (4xx). A network error, a timeout or a 5xx leaves the outcome
 * unknown, so the retry must carry the same key and the server answers it at most once.
 */
export function isFinalAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * A money form makes its key when it opens (the hook mounts with the form) and keeps it across retries
 * until a final answer. The key is kept even when the member edits the amount after an unknown outcome:
 * the server then refuses with IDEMPOTENCY_KEY_REUSED instead of moving money twice.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  /** Call with the outcome of a request made with `key`. */
  const settle = useCallback(
    (error?: unknown) => {
      if (error === undefined || isFinalAnswer(error)) renew();
    },
    [renew],
  );
  return { key, renew, settle };
}
