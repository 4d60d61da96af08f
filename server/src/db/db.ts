// One small interface over PGlite (embedded, the default) and PostgreSQL (DATABASE_URL): the same SQL,
// locks and constraints run on both.
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** PGlite only: its data folder as a tar, to start others from (ConnectOptions.pgliteDump). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}
