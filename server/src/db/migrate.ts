// The schema in two kinds of file (docs/decisions.md "SQL functions are source, migrations are history"):
// - migrations/*.sql, the history: tables, columns, constraints, indexes, data changes, and the dropping or
//   renaming of a function. Each runs once, in name order.
// - functions/*.sql, the source: every function, trigger function, trigger and view, one current body
//   each. After the migrations, in the same transaction, they are applied again in name order whenever
//   one of them changed (their checksums are recorded like the migrations' names) or a migration ran
//   (it may have dropped a function to change its signature).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db.ts';

const here = dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = join(here, 'migrations');
const FUNCTIONS_DIR = join(here, 'functions');
/** Any number shared by every instance: two servers starting together migrate one after the other. */
const MIGRATION_LOCK = 727_001;

export interface SqlFile {
  name: string;
  text: string;
}

const sqlFiles = (dir: string): SqlFile[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));

/** The function files in the order they are applied. */
export const functionFiles = (): SqlFile[] => sqlFiles(FUNCTIONS_DIR);

const checksumOf = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Migrated {
  /** The migrations this run applied. */
  migrations: string[];
  /** The function files this run applied: all of them, or none when nothing changed. */
  functions: string[];
}

/** Brings the schema up to date: the pending migrations, then the function files if anything changed. */
export async function migrate(db: Db): Promise<Migrated> {
  const migrations = sqlFiles(MIGRATIONS_DIR);
  const functions = functionFiles().map((f) => ({ ...f, checksum: checksumOf(f.text) }));
  return db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(`
      create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now());
      create table if not exists schema_functions (
        file text primary key, checksum text not null, applied_at timestamptz not null default now());`);
    const done = new Set(
      (await q.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of migrations) {
      if (done.has(file.name)) continue;
      await q.exec(file.text);
      await q.query('insert into schema_migrations (name) values ($1)', [file.name]);
      applied.push(file.name);
    }

    const recorded = new Map(
      (await q.query<{ file: string; checksum: string }>('select file, checksum from schema_functions')).map(
        (r) => [r.file, r.checksum],
      ),
    );
    const unchanged =
      recorded.size === functions.length && functions.every((f) => recorded.get(f.name) === f.checksum);
    if (unchanged && applied.length === 0) return { migrations: applied, functions: [] };
    for (const file of functions) await q.exec(file.text);
    await q.query('delete from schema_functions');
    await q.query(
      'insert into schema_functions (file, checksum) select * from unnest($1::text[], $2::text[])',
      [functions.map((f) => f.name), functions.map((f) => f.checksum)],
    );
    return { migrations: applied, functions: functions.map((f) => f.name) };
  });
}

export interface SchemaStatus {
  /** This build's migrations the database has not run. */
  pendingMigrations: string[];
  /** Function files whose recorded checksum differs from this build's (or that one side lacks). */
  changedFunctions: string[];
}

/** This build's files, read once: readiness compares them with the database at every probe. */
let expected: { migrations: string[]; functions: Map<string, string> } | undefined;
const expectedSchema = () =>
  (expected ??= {
    migrations: sqlFiles(MIGRATIONS_DIR).map((f) => f.name),
    functions: new Map(functionFiles().map((f) => [f.name, checksumOf(f.text)])),
  });

/**
 * How far the database is from what migrate() would leave it as with this build's files (readiness,
 * http/health.ts). Migrations the database ran that this build does not know (a newer build's) are
 * history and do not count; function files do, both ways, since they are the code the server calls.
 */
export async function schemaStatus(db: Queryable): Promise<SchemaStatus> {
  const files = expectedSchema();
  const [tables] = await db.query<{ migrations: boolean; functions: boolean }>(
    `select to_regclass('schema_migrations') is not null as migrations,
            to_regclass('schema_functions') is not null as functions`,
  );
  if (!tables?.migrations || !tables.functions)
    return { pendingMigrations: files.migrations, changedFunctions: [...files.functions.keys()] };
  const rows = await db.query<{ kind: 'migration' | 'function'; name: string; checksum: string | null }>(
    `select 'migration' as kind, name, null as checksum from schema_migrations
     union all select 'function', file, checksum from schema_functions`,
  );
  const ran = new Set(rows.filter((r) => r.kind === 'migration').map((r) => r.name));
  const recorded = new Map(rows.filter((r) => r.kind === 'function').map((r) => [r.name, r.checksum]));
  const names = new Set([...files.functions.keys(), ...recorded.keys()]);
  return {
    pendingMigrations: files.migrations.filter((m) => !ran.has(m)),
    changedFunctions: [...names].filter((f) => recorded.get(f) !== files.functions.get(f)).sort(),
  };
}
