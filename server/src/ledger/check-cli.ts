// npm run ledger:check: recomputes every balance from the postings and fails on any difference, on an
// entry that does not sum to zero, or on a member account below zero. Reads DATABASE_URL, else the
// embedded database under DATA_DIR (./data; stop `npm start` first, PGlite has one user at a time).
import { loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { checkLedger, ledgerIsSound } from './ledger.ts';

const config = loadConfig();
const db = await connect({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  schema: config.databaseSchema,
});
try {
  await migrate(db);
  const report = await checkLedger(db);
  console.log(
    `Ledger: ${report.accounts} accounts, ${report.entries} entries, postings sum to ${report.total}`,
  );
  for (const m of report.mismatched)
    console.log(`  MISMATCH ${m.code}: stored ${m.stored}, postings ${m.computed}`);
  for (const e of report.unbalanced) console.log(`  UNBALANCED entry ${e}`);
  for (const n of report.negative) console.log(`  NEGATIVE ${n}`);
  const ok = ledgerIsSound(report);
  console.log(ok ? 'OK: every balance equals the sum of its postings.' : 'FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await db.close();
}
