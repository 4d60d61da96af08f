import type { ErrorCode } from '@krapao/contract';

/** A failure a member or client can act on: answered as { message: code } with this status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number = 400,
  ) {
    super(code);
    this.name = 'AppError';
  }
}
