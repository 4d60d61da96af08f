// Once per server test run: one database migrated and seeded for each region, that every test's database
// starts from (helpers.ts). On PGlite it is dumped to a file: a new in-memory PGlite cluster costs 2-4 s of
// initdb and the migrations and seed another half second; loading the dump, under one. On PostgreSQL it is
// a template database: a test's database is created from it in about 50 ms, where migrating and seeding
// one took 300 to 400 ms, for each of some hundred apps a run builds.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump file for each region's seeded database; empty on PostgreSQL. */
    pgliteDumps: Partial<Record<'th' | 'la', string>>;
    /** On PostgreSQL, the template database for each region; empty on PGlite. */
    pgTemplates: Partial<Record<'th' | 'la', string>>;
  }
}

/** A test database's buffer pool on PGlite: its data is a few megabytes (connect.ts, pgliteSharedBuffers). */
export const TEST_SHARED_BUFFERS = '16MB';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgliteDumps', {});
    const templates = await seededTemplates(url);
    project.provide('pgTemplates', templates);
    return () => dropDatabases(url, Object.values(templates));
  }
  project.provide('pgTemplates', {});
  const dir = mkdtempSync(join(tmpdir(), 'krapao-pglite-dumps-'));
  const dumps: Partial<Record<'th' | 'la', string>> = {};
  for (const region of ['th', 'la'] as const) {
    const db = await connect({ pgliteSharedBuffers: TEST_SHARED_BUFFERS });
    await migrate(db);
    await seed(db, { demoMember: true, region });
    const file = join(dir, `${region}.tar`);
    writeFileSync(file, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
    await db.close();
    dumps[region] = file;
  }
  project.provide('pgliteDumps', dumps);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** A template database for each region on the PostgreSQL at `url`, migrated and seeded, its connections closed. */
async function seededTemplates(url: string) {
  const run = randomBytes(4).toString('hex');
  const templates: Partial<Record<'th' | 'la', string>> = {};
  for (const region of ['th', 'la'] as const) {
    const name = `krapao_test_template_${run}_${region}`;
    await adminQuery(url, `create database ${name}`);
    const db = await connect({ databaseUrl: databaseUrlOf(url, name) });
    try {
      await migrate(db);
      await seed(db, { demoMember: true, region });
    } finally {
      await db.close();
    }
    templates[region] = name;
  }
  return templates;
}

async function dropDatabases(url: string, names: string[]) {
  for (const name of names) await adminQuery(url, `drop database if exists ${name} with (force)`);
}

/** `url` with its database replaced by `name`. */
export function databaseUrlOf(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}

/** One statement on a connection of its own (CREATE and DROP DATABASE run outside a transaction). */
export async function adminQuery(url: string, sql: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
