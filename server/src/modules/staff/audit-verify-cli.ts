// npm run ops -- audit-verify: walks the console audit's hash chain (audit.ts verifyAudit) and fails
// naming the first row that does not hold. Reads the database directly, as `npm run ledger:check` does
// (DATABASE_URL, else the embedded database under DATA_DIR: stop `npm start` first).
import { loadConfig } from '../../config.ts';
import { connect } from '../../db/connect.ts';
import { migrate } from '../../db/migrate.ts';
import { verifyAudit } from './audit.ts';

const config = loadConfig();
const db = await connect({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  schema: config.databaseSchema,
});
try {
  await migrate(db);
  const verdict = await verifyAudit(db);
  if (verdict.broken) {
    console.log(
      `BROKEN at audit row ${verdict.broken.id} (${verdict.broken.reason}); ${verdict.rows} rows before it hold`,
    );
    process.exitCode = 1;
  } else {
    console.log(`OK: ${verdict.rows} audit rows, the hash chain holds.`);
  }
} finally {
  await db.close();
}
