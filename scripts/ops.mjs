// npm run ops -- <command>: the operator's command line, over the authenticated operator API.
//   withdrawals [STATUS]      list withdrawals (PENDING, PROCESSING, PAID, FAILED, REJECTED)
//   approve <withdrawalId>    pay a pending withdrawal through the payout provider
//   reject <withdrawalId>     refuse it; the money goes back to the member's wallet
//   unmatched                 bank transfers that matched no member
//   credit <reference> <phone> [noticeId]
//                             credit an unmatched bank transfer to a member (closing their notice)
//   actions                   what operators did: approvals, rejections, credits, by name
//   qr-refused                QR payments refused (paid after expiry, other amount, unknown): at the gateway
//   qr-credit <id> [phone]    credit a refused QR payment to its member (or to the member with that phone)
//   qr-refunded <id>          record that the gateway refunded a refused QR payment
//   chats                     chat conversations, latest first, with the customer's unread messages
//   chat <id> [skip]          a conversation's last 20 messages (reading marks the customer's read)
//   chat-reply <id> <text...> answer in a conversation as the operator
//   chat-close <id>           close a conversation (the customer's next message opens it again)
//   spin                      the spin wheel: slices with weights and prizes, coin rules, on or off
//   spin-on | spin-off        switch the spin wheel on or off
//   spin-slices <file.json>   replace the wheel's slices with a JSON array shaped as `spin` shows them
//   spin-coin-rule <BAHT|LAK> <amount> [max]
//                             one coin per this much of a successful deposit (at most max per deposit)
//   spin-coins <phone|memberId> <n>   give n spin coins to a member (a negative n takes them back)
//   agreements [file]         the agreements members accept (HOME-2); with a JSON file of the list, replaces
//                             them (a new version: every member is asked again)
//   invite-rules [json]       the invite programme's rules; with json ('{"percent":1}') changes them
//   refund-rules [json]       the loss refund's rules; with json ('{"period":"weekly"}') changes them
//   bonuses | promotions      every bonus or promotion code, switched off ones too, with its claims
//   bonus-set <json|file>     create or replace a bonus by code and currency (docs/api.md Bonuses)
//   promotion-set <json|file> create or replace a promotion code
//   bonus-on | bonus-off | promotion-on | promotion-off <code> [BAHT|LAK]
//                             switch a bonus or promotion on or off (BAHT by default)
//   staff-add <username> <role>   a console staff member (support, finance, marketing, risk, admin,
//                             auditor) with TOTP enrolled at once: prints `password: <one-time password>`
//                             and `totp: <otpauth URI>` (add it to an authenticator app); the first sign-in
//                             at /console asks for a new password
//   staff-list                the console's staff, their roles, disabled or not, last sign-in
//   staff-disable <username>  disable a staff member: their sessions end at once
//   staff-role <username> <role>   change a staff member's role (their sessions end)
//   audit-verify              walk the console audit's hash chain in the database (like ledger:check, no
//                             server needed); exits non-zero naming the first broken row
// OPS_URL (default http://localhost:$PORT, PORT 3000 by default) is the server's address; OPS_TOKEN (default:
// the one `npm start` keeps in ./data). A server that cannot be reached is said in one line, no stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const tokenFile = join(process.env.DATA_DIR ?? join(root, 'data'), '.ops-token');
const token = process.env.OPS_TOKEN ?? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '');
const base = process.env.OPS_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const [command, arg, ...rest] = process.argv.slice(2);

/** JSON given inline ('{...}') or as a file name. */
const jsonArg = (a) => JSON.parse(a?.trim().startsWith('{') ? a : readFileSync(a ?? '', 'utf8'));
const switchTo = (kind, active) => [
  'POST',
  `/api/ops/${kind}/${encodeURIComponent(arg ?? '')}/switch`,
  { currency: (rest[0] ?? 'BAHT').toUpperCase(), active },
];

const routes = {
  withdrawals: () => [
    'GET',
    `/api/ops/withdrawals${arg ? `?status=${encodeURIComponent(arg.toUpperCase())}` : ''}`,
  ],
  approve: () => ['POST', `/api/ops/withdrawals/${encodeURIComponent(arg ?? '')}/approve`],
  reject: () => ['POST', `/api/ops/withdrawals/${encodeURIComponent(arg ?? '')}/reject`],
  unmatched: () => ['GET', '/api/ops/bank-feed/unmatched'],
  credit: () => [
    'POST',
    `/api/ops/bank-feed/${encodeURIComponent(arg ?? '')}/credit`,
    { phone: rest[0], noticeId: rest[1] },
  ],
  'qr-refused': () => ['GET', '/api/ops/qr/refused'],
  'qr-credit': () => [
    'POST',
    `/api/ops/qr/refused/${encodeURIComponent(arg ?? '')}/credit`,
    { phone: rest[0] },
  ],
  'qr-refunded': () => ['POST', `/api/ops/qr/refused/${encodeURIComponent(arg ?? '')}/refunded`, {}],
  actions: () => ['GET', '/api/ops/actions'],
  agreements: () =>
    arg
      ? ['PUT', '/api/ops/agreements', { agreements: JSON.parse(readFileSync(arg, 'utf8')) }]
      : ['GET', '/api/ops/agreements'],
  'invite-rules': () =>
    arg ? ['POST', '/api/ops/invite/rules', JSON.parse(arg)] : ['GET', '/api/ops/invite/rules'],
  'refund-rules': () =>
    arg ? ['POST', '/api/ops/refund/rules', JSON.parse(arg)] : ['GET', '/api/ops/refund/rules'],
  chats: () => ['GET', '/api/ops/chat/conversations'],
  chat: () => [
    'GET',
    `/api/ops/chat/conversations/${encodeURIComponent(arg ?? '')}?limit=20&skip=${Number(rest[0] ?? 0) || 0}`,
  ],
  'chat-reply': () => [
    'POST',
    `/api/ops/chat/conversations/${encodeURIComponent(arg ?? '')}/messages`,
    { message: { message_type: 'text', payload: { text: rest.join(' ') } } },
  ],
  'chat-close': () => ['POST', `/api/ops/chat/conversations/${encodeURIComponent(arg ?? '')}/close`],
  spin: () => ['GET', '/api/ops/spin'],
  'spin-on': () => ['PUT', '/api/ops/spin/wheel', { active: true }],
  'spin-off': () => ['PUT', '/api/ops/spin/wheel', { active: false }],
  'spin-slices': () => [
    'PUT',
    '/api/ops/spin/slices',
    { slices: JSON.parse(readFileSync(arg ?? '', 'utf8')) },
  ],
  'spin-coin-rule': () => [
    'PUT',
    '/api/ops/spin/coin-rule',
    { currency: arg, amountPerCoin: Number(rest[0]), maxPerDeposit: rest[1] ? Number(rest[1]) : null },
  ],
  'spin-coins': () => ['POST', '/api/ops/spin/coins', { member: arg, coins: Number(rest[0]) }],
  bonuses: () => ['GET', '/api/ops/bonuses'],
  promotions: () => ['GET', '/api/ops/promotions'],
  'bonus-set': () => ['POST', '/api/ops/bonuses', jsonArg(arg)],
  'promotion-set': () => ['POST', '/api/ops/promotions', jsonArg(arg)],
  'bonus-on': () => switchTo('bonuses', true),
  'bonus-off': () => switchTo('bonuses', false),
  'promotion-on': () => switchTo('promotions', true),
  'promotion-off': () => switchTo('promotions', false),
  'staff-add': () => ['POST', '/api/ops/staff', { username: arg, role: rest[0] }],
  'staff-list': () => ['GET', '/api/ops/staff'],
  'staff-disable': () => ['POST', `/api/ops/staff/${encodeURIComponent(arg ?? '')}/disable`],
  'staff-role': () => ['POST', `/api/ops/staff/${encodeURIComponent(arg ?? '')}/role`, { role: rest[0] }],
};
if (command === 'audit-verify') {
  // Reads the database itself, as `npm run ledger:check` does: it must work when the server does not.
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'server/src/modules/staff/audit-verify-cli.ts')],
    { stdio: 'inherit', cwd: root },
  );
  process.exit(run.status ?? 1);
}
if (
  !routes[command] ||
  (['approve', 'reject', 'credit', 'qr-credit', 'qr-refunded', 'chat', 'chat-reply', 'chat-close'].includes(
    command,
  ) &&
    !arg) ||
  ((command === 'credit' || command === 'chat-reply') && !rest[0]) ||
  (['spin-slices', 'spin-coin-rule', 'spin-coins'].includes(command) && !arg) ||
  (['bonus-set', 'promotion-set', 'bonus-on', 'bonus-off', 'promotion-on', 'promotion-off'].includes(
    command,
  ) &&
    !arg) ||
  (['spin-coin-rule', 'spin-coins'].includes(command) && !rest[0]) ||
  (['staff-add', 'staff-disable', 'staff-role'].includes(command) && !arg) ||
  (['staff-add', 'staff-role'].includes(command) && !rest[0])
) {
  console.log(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .filter((line, i, lines) => lines.slice(0, i + 1).every((l) => l.startsWith('//')))
      .join('\n'),
  );
  process.exit(2);
}
if (!token) {
  console.error('No operator token: set OPS_TOKEN (the server must have the same one).');
  process.exit(2);
}
const [method, path, body] = routes[command]();
let res;
try {
  res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
} catch (err) {
  // No stack trace for an operator: what was tried, why it failed, what to do.
  const why = err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(err);
  console.error(`Cannot reach the Krapao server at ${base} (${why}).`);
  console.error(
    'Is it running? Start it with `npm start`, or point OPS_URL at it, e.g. OPS_URL=http://localhost:3001 npm run ops -- ' +
      command,
  );
  process.exit(1);
}
const text = await res.text();
let answer;
try {
  answer = JSON.parse(text);
} catch {
  console.error(
    `The answer from ${base}${path} is not Krapao's API (HTTP ${res.status}): is OPS_URL the Krapao server?`,
  );
  process.exit(1);
}
if (command === 'staff-add' && res.ok) {
  // Exactly two lines, for the operator to hand over (or a script to read).
  console.log(`password: ${answer.oneTimePassword}`);
  console.log(`totp: ${answer.totpUri}`);
} else if (command === 'staff-list' && res.ok) console.table(answer.items);
else if (Array.isArray(answer)) console.table(answer);
else console.log(answer);
process.exitCode = res.ok ? 0 : 1;
