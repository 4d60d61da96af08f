// npm run ops -- <command>: the operator's command line, over the authenticated operator API.
//   withdrawals [STATUS]      list withdrawals (PENDING, PROCESSING, PAID, FAILED, REJECTED)
//   approve <withdrawalId>    pay a pending withdrawal through the payout provider
//   reject <withdrawalId>     refuse it; the money goes back to the member's wallet
//   unmatched                 bank transfers that matched no member
// OPS_URL (default http://localhost:3000) and OPS_TOKEN (default: the one `npm start` keeps in ./data).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const tokenFile = join(process.env.DATA_DIR ?? join(root, 'data'), '.ops-token');
const token = process.env.OPS_TOKEN ?? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '');
const base = process.env.OPS_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const [command, arg] = process.argv.slice(2);

const routes = {
  withdrawals: () => [
    'GET',
    `/api/ops/withdrawals${arg ? `?status=${encodeURIComponent(arg.toUpperCase())}` : ''}`,
  ],
  approve: () => ['POST', `/api/ops/withdrawals/${encodeURIComponent(arg ?? '')}/approve`],
  reject: () => ['POST', `/api/ops/withdrawals/${encodeURIComponent(arg ?? '')}/reject`],
  unmatched: () => ['GET', '/api/ops/bank-feed/unmatched'],
};
if (!routes[command] || (['approve', 'reject'].includes(command) && !arg)) {
  console.log(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .slice(0, 7)
      .join('\n'),
  );
  process.exit(2);
}
if (!token) {
  console.error('No operator token: set OPS_TOKEN (the server must have the same one).');
  process.exit(2);
}
const [method, path] = routes[command]();
const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
const body = await res.json();
if (Array.isArray(body)) console.table(body);
else console.log(body);
process.exitCode = res.ok ? 0 : 1;
