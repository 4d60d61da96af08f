// When PostgreSQL cannot be reached (stopped, restarting, failing over, the network between cut), a query
// fails with one of several errors of pg or of the socket under it. connect.ts turns each into one
// DatabaseUnavailable, so that the API answers 503 SERVICE_UNAVAILABLE (http/errors.ts) and readiness
// says what failed, instead of an INTERNAL_SERVER_ERROR that reads as a bug.

/** The database did not answer; nothing of the statement is known to have happened but a COMMIT's outcome. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailable';
  }
}

/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that went away: class 08 (connection exception), 57P01 admin_shutdown (a stop or
 * a restart ends every backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, or in
 * recovery).
 */
const SERVER_GONE = /^(08...|57P0[123])$/;

/** pg's own messages for a connection that ended or never came (they carry no code). */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

export function isConnectionFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_GONE.test(code))) return true;
  // AggregateError: a host name with several addresses, each refused.
  if (err instanceof AggregateError && err.errors.some(isConnectionFailure)) return true;
  return PG_CONNECTION_MESSAGES.test(err.message);
}

/** Rethrows err as DatabaseUnavailable when it says the database could not be reached. */
export function rethrowUnavailable(err: unknown): never {
  throw isConnectionFailure(err) ? new DatabaseUnavailable(err) : err;
}
