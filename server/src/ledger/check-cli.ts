// npm run ledger:check: recomputes every balance from the postings and fails on any difference, on an
// entry that does not sum to zero or mixes currencies, or on a member account below zero; reported per
// currency. Reads DATABASE_URL, else the embedded database under DATA_DIR (./data; db/cli.ts).
import { withDatabase } from '../db/cli.ts';
import { checkLedger, ledgerIsSound } from './ledger.ts';

const report = await withDatabase(checkLedger);
console.log(`Ledger: ${report.accounts} accounts, ${report.entries} entries`);
for (const c of report.currencies)
  console.log(
    `  ${c.currency}: ${c.accounts} accounts, ${c.entries} entries, postings sum to ${c.total}${c.total === '0' ? '' : '  NOT ZERO'}`,
  );
for (const m of report.mismatched)
  console.log(`  MISMATCH ${m.code}: stored ${m.stored}, postings ${m.computed}`);
for (const e of report.unbalanced) console.log(`  UNBALANCED entry ${e}`);
for (const e of report.mixed) console.log(`  MIXED CURRENCIES in entry ${e}`);
for (const n of report.negative) console.log(`  NEGATIVE ${n}`);
const ok = ledgerIsSound(report);
console.log(ok ? 'OK: every balance equals the sum of its postings.' : 'FAILED');
process.exitCode = ok ? 0 : 1;
