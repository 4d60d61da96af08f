// Once per server test run on PGlite: one database migrated and seeded for each region, dumped to a file
// that every test's database starts from (helpers.ts). A new in-memory PGlite cluster costs 2-4 s of
// initdb and the migrations and seed another half second; loading the dump, under one. On PostgreSQL each
// test still migrates and seeds a schema of its own.
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
  }
}

/** A test database's buffer pool on PGlite: its data is a few megabytes (connect.ts, pgliteSharedBuffers). */
export const TEST_SHARED_BUFFERS = '16MB';

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteDumps', {});
    return;
  }
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
