// npm run ops -- audit-verify: walks the console audit's hash chain (audit.ts verifyAudit) and fails
// naming the first row that does not hold. Reads the database directly, as `npm run ledger:check` does
// (db/cli.ts).
import { withDatabase } from '../../db/cli.ts';
import { verifyAudit } from './audit.ts';

const verdict = await withDatabase(verifyAudit);
if (verdict.broken) {
  console.log(
    `BROKEN at audit row ${verdict.broken.id} (${verdict.broken.reason}); ${verdict.rows} rows before it hold`,
  );
  process.exitCode = 1;
} else {
  console.log(`OK: ${verdict.rows} audit rows, the hash chain holds.`);
}
