// A command that reads the database directly (`npm run ledger:check`, `npm run ops -- audit-verify`):
// DATABASE_URL, else the embedded database under DATA_DIR (stop `npm start` first: PGlite has one user
// at a time), migrated first and closed whatever happens.
import { loadConfig } from '../config.ts';
import { connect } from './connect.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';

export async function withDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = await connect({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}
