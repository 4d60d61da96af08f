import type { ErrorCode } from '@krapao/contract';

/**
 * A failure a member or client can act on: answered as { message: code } with this status, and with a
 * Retry-After header when `retryAfterS` says how long the client must wait (REQUEST_LIMIT).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number = 400,
    readonly retryAfterS?: number,
    /** What the answer carries besides its message (DEPOSIT_LIMIT's `left`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}
