// The /login budget (hard: 200 KB gzip): the entry JS, every chunk it imports statically, and the
// CSS that index.html links. Lazy chunks (other screens, the other languages) are not counted.
// Usage: node web/scripts/measure-login.mjs [distDir]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const entries = new Set();
for (const tag of tags) {
  if (tag.startsWith('<script') && attr(tag, 'type') === 'module') entries.add(attr(tag, 'src'));
  if (tag.startsWith('<link') && /rel="(stylesheet|modulepreload)"/.test(tag)) entries.add(attr(tag, 'href'));
}

const seen = new Map();
function visit(url) {
  const file = join(dist, url.replace(/^\//, ''));
  if (seen.has(file)) return;
  const code = readFileSync(file);
  seen.set(file, code);
  if (!file.endsWith('.js')) return;
  const text = code.toString('utf8');
  // Static imports only: `import x from"./a.js"`, `import"./a.js"`, `export * from"./a.js"`.
  const re = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.\.?\/[^"']+)["']/g;
  for (const m of text.matchAll(re)) visit(join(dirname(url), m[1]).replace(/\\/g, '/'));
}
for (const url of entries) visit(url);

let total = 0;
const rows = [];
for (const [file, code] of seen) {
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  rows.push([file.slice(dist.length + 1), code.length, gz]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [name, raw, gz] of rows)
  console.log(
    `${(gz / 1024).toFixed(1).padStart(7)} KB gzip  ${(raw / 1024).toFixed(1).padStart(7)} KB  ${name}`,
  );
console.log(`/login total: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES) {
  console.error('over budget');
  process.exit(1);
}
