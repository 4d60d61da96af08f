// One small interface over PGlite (embedded, the default) and PostgreSQL (DATABASE_URL): the same SQL,
// locks and constraints run on both.
export interface Queryable {
  /**
   * The rows of one statement, each of type Row, declared by the caller: its fields as connect.ts reads
   * the columns (int8 a bigint, date a 'YYYY-MM-DD' string, ...). A statement whose rows are not read
   * (an update, `select 1` to test for a row) needs none: its rows are `never`, and reading a field of
   * one is a type error rather than an unknown value.
   */
  query<Row = never>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A json or jsonb value whose shape the code checks itself (a declared type is better when it is known). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** PostgreSQL only: how much of the connection pool is in use (the metrics read it when scraped). */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: its data folder as a tar, to start others from (ConnectOptions.pgliteDump). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}
