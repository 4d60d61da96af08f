// The API document as the server serves it, and the server as the document describes it: every API route
// the server registers is an operation of the document (or left out on purpose, below), and the
// credentials each operation documents are those the server asks for. Routes do not depend on the
// database, so this file runs on PGlite only.
import { gunzipSync } from 'node:zlib';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isSecured, openApiDocument } from '@krapao/contract/openapi';
import { DOCS_CSP } from '../src/http/api-docs.ts';
import { onPostgres, useTestApp } from './helpers.ts';

/** API routes that are not contract endpoints, on purpose, and why. */
const NOT_IN_DOCUMENT: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself',
  'GET /api/docs': 'its reference page',
  'GET /api/docs/assets/{}': "the page's scripts and styles",
  'GET /api/chat/files/{}':
    'a chat picture or video for <img> and <video>: bytes at a random address, not JSON',
  'GET /api/statement/slip/image/{}': 'a slip picture behind a signed link, for <img>: bytes, not JSON',
  'GET /api/statement/export':
    'a CSV file for a spreadsheet, not JSON; docs/api.md "Statement export" describes it',
  // The operator's payout and reconciliation routes (server/src/modules/ops/routes.ts) answer database rows
  // and have no contract endpoints yet; docs/api.md "Money" describes them.
  'GET /api/ops/withdrawals': 'no contract endpoint yet',
  'POST /api/ops/withdrawals/{}/approve': 'no contract endpoint yet',
  'POST /api/ops/withdrawals/{}/reject': 'no contract endpoint yet',
  'GET /api/ops/bank-feed/unmatched': 'no contract endpoint yet',
  'POST /api/ops/bank-feed/{}/credit': 'no contract endpoint yet',
  'GET /api/ops/qr/refused': 'no contract endpoint yet',
  'POST /api/ops/qr/refused/{}/{}': 'no contract endpoint yet',
  'GET /api/ops/actions': 'no contract endpoint yet',
  // The staff commands of `npm run ops` (server/src/modules/staff/routes.ts); docs/api.md "Operator console".
  'GET /api/ops/staff': 'no contract endpoint yet',
  'POST /api/ops/staff': 'no contract endpoint yet',
  'POST /api/ops/staff/{}/disable': 'no contract endpoint yet',
  'POST /api/ops/staff/{}/role': 'no contract endpoint yet',
  'GET /api/console/audit.csv': 'the audit as a CSV file, not JSON (same query as GET /api/console/audit)',
  'POST /api/console/chats/{}/image':
    'a multipart picture for a reply (contract console-queues.ts CHAT_IMAGE_UPLOAD_PATH)',
};

interface Operation {
  operationId: string;
  security: Array<Record<string, string[]>>;
  requestBody?: { required: boolean };
}

const document = openApiDocument();
const shapeOf = (path: string) => path.replace(/\{\w+\}|:\w+/g, '{}');
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    op,
  })),
);

describe.skipIf(onPostgres)('[api-doc] the API document and the server', () => {
  const routes: RouteOptions[] = [];
  const t = useTestApp(
    { OPS_TOKEN: 'api-doc-test-operator-token' },
    { deps: { onRoute: (route) => void routes.push(route) } },
  );

  it('[api-doc] every API route the server registers is an operation of the document, and every operation a route', () => {
    const registered = new Set(
      routes
        .flatMap((r) => [r.method].flat().map((method) => `${method} ${shapeOf(r.url)}`))
        .filter((route) => / \/api\//.test(route) && !route.startsWith('HEAD ')),
    );
    const documented = new Set(operations.map((o) => `${o.method} ${shapeOf(o.path)}`));
    const undocumented = [...registered].filter((r) => !documented.has(r) && !NOT_IN_DOCUMENT[r]);
    expect(undocumented, 'routes missing from the document: add a contract endpoint, or say why not').toEqual(
      [],
    );
    expect(
      [...documented].filter((o) => !registered.has(o)),
      'operations no route answers',
    ).toEqual([]);
    expect(
      Object.keys(NOT_IN_DOCUMENT).filter((r) => !registered.has(r)),
      'stale exceptions',
    ).toEqual([]);
  });

  it('[api-doc] each operation asks for the credentials it documents: none, the session, the operator token, a signature', async () => {
    let refused = 0;
    for (const { method, path, op } of operations) {
      const url = path.replace(/\{\w+\}/g, 'X1');
      const res = await t.app.inject({ method: method as 'GET', url });
      const where = `${method} ${path} answered ${res.statusCode} ${res.body}`;
      if (!isSecured(op.security)) {
        expect(res.statusCode, where).not.toBe(401);
        continue;
      }
      refused++;
      // A member's session is checked after the body: a call without its body is refused for that first.
      if (op.requestBody?.required && op.security.some((s) => 'memberSession' in s))
        expect([400, 401], where).toContain(res.statusCode);
      else expect(res.statusCode, where).toBe(401);
    }
    expect(refused).toBeGreaterThan(60);
  });

  it('[api-doc] GET /api/openapi.json answers the document to anyone, gzipped when asked', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json()).toEqual(JSON.parse(JSON.stringify(document)));
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('[api-doc] GET /api/docs is Swagger UI from this site, under a policy that runs no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe(DOCS_CSP);
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    // No script without a src, and no event handler attribute.
    expect(
      page.body.match(/<script\b[^>]*>/g)!.every((tag) => /\ssrc="\/api\/docs\/assets\//.test(tag)),
    ).toBe(true);
    expect(page.body).not.toMatch(/\son\w+=/i);

    const assets = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.map((a) => a.replace(/\.[0-9a-f]{12}\./, '.*.'))).toEqual([
      '/api/docs/assets/swagger-ui.*.css',
      '/api/docs/assets/api-docs.*.css',
      '/api/docs/assets/swagger-ui-bundle.*.js',
      '/api/docs/assets/api-docs.*.js',
    ]);
    for (const url of assets) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type'], url).toMatch(
        url.endsWith('.js') ? /^text\/javascript/ : /^text\/css/,
      );
      expect(res.headers['content-encoding'], url).toBe('gzip');
    }
    const init = await t.app.inject({ method: 'GET', url: assets[3]! });
    expect(init.body).toContain('"/api/openapi.json"');
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/docs/assets/swagger-ui-bundle.000000000000.js',
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'NOT_FOUND' });
  });
});
