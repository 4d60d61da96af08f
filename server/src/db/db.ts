// One small interface over PGlite (embedded, the default) and PostgreSQL (DATABASE_URL): the same SQL,
// locks and constraints run on both.
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface ListenHandlers {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel (PostgreSQL: on a connection of its own, reconnected when lost) and calls
   * onPayload with each notification's payload. onReconnect runs after a lost connection came back:
   * notifications sent meanwhile were missed. Answers the function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
