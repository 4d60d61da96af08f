import { mkdirSync } from 'node:fs';
import type { Db, Queryable } from './db.ts';
import { rethrowUnavailable } from './unavailable.ts';

/*
 * What a column comes back as, the same on both engines, so that the row types declared at each query
 * (db.ts) hold on PGlite and on PostgreSQL alike. Left to themselves they differ: PGlite reads int8 as a
 * number while it fits and a bigint past 2^53, pg as a string (its arrays too); a date becomes a Date at
 * UTC midnight on PGlite and at local midnight on pg; numeric[] is a string array on PGlite, floats on pg.
 *
 *   PostgreSQL type                        JavaScript
 *   int8 (bigint, count(*), identity ids)  bigint          arrays: bigint[]
 *   int4, int2                             number
 *   numeric (sum(int8), percents)          string          arrays: string[]
 *   date                                   string 'YYYY-MM-DD': the server's text (DateStyle ISO, the
 *                                          default on both), with no time zone to shift it
 *   timestamptz                            Date            arrays: Date[]
 *   text, uuid, xid8                       string
 *   bool                                   boolean
 *   bytea                                  Uint8Array (pg: a Buffer, which is one)
 *   jsonb, json                            the parsed value
 *
 * A null is null whatever the type. Read a value of another type as text in the SQL (x::text).
 */
const INT8 = 20;
const DATE = 1082;
const TEXT_ARRAY = 1009;
const INT8_ARRAY = 1016;
const DATE_ARRAY = 1182;
const NUMERIC_ARRAY = 1231;
const bigintOf = (text: string) => BigInt(text);
/** Connections each server instance opens to PostgreSQL at most. */
const POOL_MAX = 10;

export interface ConnectOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; 'memory://' (or undefined with no url) keeps it in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL schema to use instead of public (tests isolate themselves this way). */
  schema?: string | undefined;
  /**
   * PGlite: start from this dump of a data folder (PGlite's dumpDataDir) instead of an empty cluster.
   * The server tests start each database from one migrated and seeded dump: a new in-memory cluster
   * costs 2-4 s of initdb, loading a dump under one.
   */
  pgliteDump?: Blob | undefined;
  /**
   * PGlite: PostgreSQL's shared_buffers (e.g. '16MB') instead of PGlite's 128MB, which it writes zeros
   * over at every start: a test database from a dump started in 0.8 s with 16MB against 1.2 to 1.5 s
   * with 128MB (2026-11-29, on a machine whose first touch of a memory page costs 12 us). The tests'
   * databases hold a few megabytes; a deployment keeps the default.
   */
  pgliteSharedBuffers?: string | undefined;
}

export async function connect(opts: ConnectOptions): Promise<Db> {
  return opts.databaseUrl
    ? connectPostgres(opts.databaseUrl, opts.schema)
    : connectPglite(opts.dataDir, opts.pgliteDump, opts.pgliteSharedBuffers);
}

async function connectPglite(
  dataDir: string | undefined,
  dump: Blob | undefined,
  sharedBuffers: string | undefined,
): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite({
    ...(inMemory ? {} : { dataDir }),
    ...(dump ? { loadDataDir: dump } : {}),
    // PGlite parses an array's elements with its element type's parser: int8[] and date[] follow these.
    parsers: { [INT8]: bigintOf, [DATE]: (text: string) => text },
    ...(sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] }
      : {}),
  });
  await pg.waitReady;
  const asQueryable = (t: { query: typeof pg.query; exec: typeof pg.exec }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await t.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await t.exec(sql);
    },
  });
  const root = asQueryable(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    tx: (fn) => pg.transaction((t) => fn(asQueryable(t))),
    dumpDataDir: () => pg.dumpDataDir('none'),
    close: () => pg.close(),
  };
}

async function connectPostgres(url: string, schema: string | undefined): Promise<Db> {
  const { default: pg } = await import('pg');
  // The table above: pg's defaults would give int8[] as strings, dates as local Dates, numeric[] as floats.
  // pg-types types its oids as an enum that lacks the array types, hence the cast.
  const oid = (n: number) => n as Parameters<typeof pg.types.getTypeParser>[0];
  const textArray = pg.types.getTypeParser(oid(TEXT_ARRAY)) as (text: string) => Array<string | null>;
  pg.types.setTypeParser(oid(INT8), bigintOf);
  pg.types.setTypeParser(oid(INT8_ARRAY), (text: string) =>
    textArray(text).map((v) => (v === null ? null : bigintOf(v))),
  );
  pg.types.setTypeParser(oid(DATE), (text: string) => text);
  pg.types.setTypeParser(oid(DATE_ARRAY), textArray);
  pg.types.setTypeParser(oid(NUMERIC_ARRAY), textArray);
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection the server drops (a restart, a failover, the network cut) is reported here, and
  // an 'error' event without a listener would end the process. The pool has already discarded it; the next
  // query opens another, or fails DatabaseUnavailable, and that is what gets reported (unavailable.ts).
  pool.on('error', () => {});
  const root: Queryable = {
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(statementOf(sql, params)).catch(rethrowUnavailable)).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql).catch(rethrowUnavailable);
    },
  };
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    async tx(fn) {
      const client = await pool.connect().catch(rethrowUnavailable);
      // A checked-out client has no listener of the pool's: a connection lost between two statements
      // (while fn awaits something else) would otherwise be an unhandled 'error' event. The statement
      // that follows fails, and so does the transaction.
      let lost: Error | undefined;
      const onError = (err: Error) => (lost = err);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<T>(sql: string, params?: unknown[]) {
            return (await client.query(statementOf(sql, params)).catch(rethrowUnavailable)).rows as T[];
          },
          async exec(sql: string) {
            await client.query(sql).catch(rethrowUnavailable);
          },
        });
        // A COMMIT whose answer is lost may have committed: the money paths' Idempotency-Keys make the
        // client's retry answer what happened (docs/decisions.md, "Production").
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        rethrowUnavailable(err);
      } finally {
        client.off('error', onError);
        // A broken connection is not given back to the pool.
        client.release(lost ?? undefined);
      }
    },
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
    close: () => pool.end(),
  };
}

/** Past this many distinct texts, statements go unnamed: a text built from data never grows memory. */
const MAX_PREPARED = 1_000;
const preparedNames = new Map<string, string>();

/**
 * Parameterised SQL goes as a named prepared statement, so PostgreSQL parses and plans it once per
 * connection instead of at every call: the money paths run the same few statements thousands of times
 * (docs/decisions.md, "Prepared statements"). The texts are the code's own, a small fixed set.
 */
function statementOf(sql: string, params: unknown[] | undefined) {
  if (!params) return { text: sql };
  let name = preparedNames.get(sql);
  if (!name && preparedNames.size < MAX_PREPARED) preparedNames.set(sql, (name = `k${preparedNames.size}`));
  return { name, text: sql, values: params };
}
