// The database's functions and triggers are the files of src/db/functions, on a fresh install and on a
// database installed by the last released schema and then upgraded; and the two installs end with the
// same schema, table for table and function for function (src/db/migrate.ts, docs/decisions.md "SQL
// functions are source, migrations are history").
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import type { Db, Queryable } from '../src/db/db.ts';
import { functionFiles, migrate } from '../src/db/migrate.ts';
import { checkLedger } from '../src/ledger/ledger.ts';
import { TEST_SHARED_BUFFERS } from './global-setup.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS_DIR = join(repoRoot, 'server/src/db/migrations');
/**
 * The last release: main as CI last passed it before the functions left the migrations. Its migrations
 * are read from git, where history keeps them (a copy here would be every function body twice).
 */
const RELEASED = '1f29862f474702d9965c5bff5eaff75f0c5e8e0d';

const url = process.env.TEST_DATABASE_URL;
const opened: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of opened.reverse()) await close();
});

/** An empty database of the test's own: a new PGlite, or a new schema on the test PostgreSQL. */
async function emptyDb(): Promise<{ db: Db; schema: string }> {
  if (!url) {
    const db = await connect({ pgliteSharedBuffers: TEST_SHARED_BUFFERS });
    opened.push(() => db.close());
    return { db, schema: 'public' };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await connect({ databaseUrl: url });
  await admin.exec(`create schema ${schema}`);
  const db = await connect({ databaseUrl: url, schema });
  opened.push(async () => {
    await db.close();
    await admin.exec(`drop schema ${schema} cascade`);
    await admin.close();
  });
  return { db, schema };
}

interface DeclaredFunction {
  file: string;
  name: string;
  body: string;
}

/** Every function the files declare, with its body as written between its dollar quotes. */
function declaredFunctions(): DeclaredFunction[] {
  const found: DeclaredFunction[] = [];
  for (const { name: file, text } of functionFiles()) {
    for (const m of text.matchAll(/create or replace function\s+([a-z_][a-z0-9_]*)\s*\(/gi)) {
      const quote = /\bas\s+\$([a-z_]*)\$/gi;
      quote.lastIndex = m.index;
      const open = quote.exec(text);
      if (!open) throw new Error(`${file}: no body after ${m[1]}`);
      const start = open.index + open[0].length;
      const end = text.indexOf(`$${open[1]}$`, start);
      found.push({ file, name: m[1]!.toLowerCase(), body: text.slice(start, end) });
    }
  }
  return found;
}

const declaredTriggers = () =>
  functionFiles()
    .flatMap(({ text }) => [...text.matchAll(/create (?:or replace )?(?:constraint )?trigger\s+([a-z_]+)/gi)])
    .map((m) => m[1]!.toLowerCase())
    .sort();

/** The functions and triggers of the database's schema, beside what the files declare. */
async function expectFunctionsEqualFiles(q: Queryable) {
  const declared = declaredFunctions();
  const inDb = await q.query<{ name: string; body: string }>(
    `select p.proname as name, p.prosrc as body from pg_proc p
     where p.pronamespace = current_schema()::regnamespace
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by p.proname`,
  );
  expect(inDb.map((f) => f.name)).toEqual(declared.map((f) => f.name).sort());
  const bodyOf = new Map(declared.map((f) => [f.name, f.body]));
  for (const f of inDb) expect(f.body, f.name).toBe(bodyOf.get(f.name));
  const triggers = await q.query<{ name: string }>(
    `select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where c.relnamespace = current_schema()::regnamespace and not t.tgisinternal order by t.tgname`,
  );
  expect(triggers.map((t) => t.name)).toEqual(declaredTriggers());
}

/** Everything the schema holds, as definitions with the schema's own name left out. */
async function schemaOf(q: Queryable, schema: string): Promise<string[]> {
  const rows = await q.query<{ kind: string; name: string; def: string }>(
    `select 'function' as kind, p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
            pg_get_functiondef(p.oid) as def
     from pg_proc p where p.pronamespace = current_schema()::regnamespace
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     union all
     select 'trigger', c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
     from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where c.relnamespace = current_schema()::regnamespace and not t.tgisinternal
     union all
     select 'column', c.relname || '.' || a.attname,
            a.attnum || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' '
              || a.attidentity::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
     from pg_attribute a join pg_class c on c.oid = a.attrelid
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'v', 'm')
       and a.attnum > 0 and not a.attisdropped
     union all
     select 'constraint', c.relname || '.' || k.conname, pg_get_constraintdef(k.oid)
     from pg_constraint k join pg_class c on c.oid = k.conrelid
     where c.relnamespace = current_schema()::regnamespace
     union all
     select 'index', i.indexname, i.indexdef from pg_indexes i where i.schemaname = current_schema()
     union all
     select 'view', v.viewname, v.definition from pg_views v where v.schemaname = current_schema()
     order by 1, 2`,
  );
  return rows.map((r) => `${r.kind} ${r.name}: ${r.def.replaceAll(`${schema}.`, '')}`);
}

/** The released migrations, as git keeps them; null where this checkout has no history of that commit. */
function releasedMigrations(): Array<{ name: string; text: string }> | null {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    return git('ls-tree', '--name-only', RELEASED, 'server/src/db/migrations/')
      .split('\n')
      .filter((path) => path.endsWith('.sql'))
      .map((path) => ({ name: path.split('/').pop()!, text: git('show', `${RELEASED}:${path}`) }));
  } catch {
    return null;
  }
}

/** Installs the released schema as the released migrate did: every file in one transaction, recorded. */
async function installReleased(db: Db, files: Array<{ name: string; text: string }>) {
  await db.tx(async (q) => {
    await q.exec(
      'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    for (const file of files) {
      await q.exec(file.text);
      await q.query('insert into schema_migrations (name) values ($1)', [file.name]);
    }
  });
}

describe('the SQL functions are the files of src/db/functions', () => {
  let scratch: { db: Db; schema: string };
  let first: Awaited<ReturnType<typeof migrate>>;
  beforeAll(async () => {
    scratch = await emptyDb();
    first = await migrate(scratch.db);
  });

  it('on a fresh install, the functions and triggers in the database equal the files', async () => {
    expect(first.functions).toEqual(functionFiles().map((f) => f.name));
    await expectFunctionsEqualFiles(scratch.db);
    // Nothing changed: the next start applies nothing.
    expect(await migrate(scratch.db)).toEqual({ migrations: [], functions: [] });
  });

  it('no function is declared twice, and no migration creates a function, trigger or view', () => {
    const names = declaredFunctions().map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const file of readdirSync(MIGRATIONS_DIR)) {
      const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      expect(text, file).not.toMatch(/create\s+(or\s+replace\s+)?(constraint\s+)?(function|trigger|view)\b/i);
    }
  });

  it('a changed function file is applied again at the next start, and only then', async () => {
    const { db } = await emptyDb();
    await migrate(db);
    // A body the files do not have, as an older release or a hand edit would leave it.
    await db.exec(`create or replace function realtime_baht(p_minor bigint) returns numeric
                   language sql immutable as $$ select 0::numeric $$`);
    await db.query(`update schema_functions set checksum = 'old' where file = 'realtime.sql'`);
    const again = await migrate(db);
    expect(again.migrations).toEqual([]);
    expect(again.functions).toContain('realtime.sql');
    await expectFunctionsEqualFiles(db);
  });

  const released = releasedMigrations();
  it.skipIf(!released)(
    'a database of the last release is upgraded to the files, keeps its money, and ends as a fresh install',
    async () => {
      const { db, schema } = await emptyDb();
      await installReleased(db, released!);
      // A member with money, moved by the released functions.
      await db.exec(`
        insert into banks (code, name_th, name_en, country) values ('KBANK', 'กสิกรไทย', 'Kasikornbank', 'TH');
        insert into house_accounts (bank_code, bank_type, account_name, account_no)
          values ('KBANK', 'BANK', 'KRAPAO', '0481234567');
        insert into members (public_id, phone, name, password_hash, bank_code, bank_account_name, bank_account_no,
                             currency)
          values ('m1', '0812345678', 'Member', 'x', 'KBANK', 'MEMBER', '1234567890', 'BAHT');`);
      const [credited] = await db.query<{ outcome: string }>(
        `select bank_feed_credit('ref-1', 'KBANK', '1234567890', '0481234567', 150000, now(), now(),
                                 'house:bank_cash:3') as outcome`,
      );
      expect(credited!.outcome).toBe('CREDITED');

      const upgraded = await migrate(db);
      expect(upgraded.functions).toEqual(functionFiles().map((f) => f.name));
      await expectFunctionsEqualFiles(db);

      // The upgraded functions move the money the released ones left.
      const [{ id }] = (await db.query<{ id: string }>(`select id::text as id from members`)) as [
        { id: string },
      ];
      await db.query(
        `select * from wallet_withdraw($1, 'key-1', '\\x01'::bytea, 50000, null, 'w1', now()::text, false)`,
        [id],
      );
      const [wallet] = await db.query<{ balance: string }>(
        `select balance::text as balance from ledger_accounts where kind = 'member_wallet'`,
      );
      expect(wallet!.balance).toBe('100000');
      const report = await checkLedger(db);
      expect(report.mismatched).toEqual([]);
      expect(report.unbalanced).toEqual([]);

      expect(await schemaOf(db, schema)).toEqual(await schemaOf(scratch.db, scratch.schema));
    },
  );
});
