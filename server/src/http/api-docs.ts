// The API document and its reference page, for whoever integrates with Krapao: GET /api/openapi.json (the
// OpenAPI 3.1 document the contract generates, contract/src/openapi) and GET /api/docs (Swagger UI, from
// the swagger-ui-dist package, served from here: no CDN). Neither needs a session; both count toward the
// per-address rate limit like any /api/ call.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openApiDocument } from '@krapao/contract/openapi';
import { AppError } from '../errors.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
const ASSETS_PATH = `${DOCS_PATH}/assets/`;

/** Assets are named by their content's hash, so a cached copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The page's own policy, tighter than the app's (security-headers.ts): scripts and styles only from
 * this site, nothing inline (Swagger UI sets its styles through the DOM, which style-src does not govern:
 * web/e2e/api-docs.e2e.ts watches for violations), nothing but its data: icons from elsewhere.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Starts Swagger UI on the document; a file of its own, since the page runs no inline script. */
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#api-docs',
    deepLinking: true,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    filter: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'BaseLayout',
  });
});
`;
const PAGE_CSS = `html { box-sizing: border-box; overflow-y: scroll; }
*, *::before, *::after { box-sizing: inherit; }
body { margin: 0; background: #fafafa; }
`;

interface Asset {
  type: string;
  bytes: Buffer;
  gzipped: Buffer;
  hash: string;
}

async function asset(type: string, bytes: Buffer): Promise<Asset> {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return { type, bytes, gzipped: await promisify(gzip)(bytes), hash };
}

/** Each asset by its fingerprinted name, and the page naming them. Built once, on the first visit. */
async function loadDocsPage() {
  const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files: Array<[string, string, Promise<Buffer> | Buffer]> = [
    ['swagger-ui.css', 'text/css; charset=utf-8', readFile(join(swaggerUi, 'swagger-ui.css'))],
    ['api-docs.css', 'text/css; charset=utf-8', Buffer.from(PAGE_CSS)],
    [
      'swagger-ui-bundle.js',
      'text/javascript; charset=utf-8',
      readFile(join(swaggerUi, 'swagger-ui-bundle.js')),
    ],
    ['api-docs.js', 'text/javascript; charset=utf-8', Buffer.from(INIT_JS)],
  ];
  const assets = new Map<string, Asset>();
  const urls: string[] = [];
  for (const [file, type, bytes] of files) {
    const loaded = await asset(type, await bytes);
    const name = file.replace(/(\.\w+)$/, `.${loaded.hash}$1`);
    assets.set(name, loaded);
    urls.push(ASSETS_PATH + name);
  }
  const [css, ownCss, bundle, init] = urls;
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>Krapao API</title>
    <!-- The app's icon: without one the browser asks for /favicon.ico, which is no page and answers 404. -->
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="${css}" />
    <link rel="stylesheet" href="${ownCss}" />
  </head>
  <body>
    <div id="api-docs"></div>
    <script src="${bundle}"></script>
    <script src="${init}"></script>
  </body>
</html>
`;
  return { assets, page: await asset('text/html; charset=utf-8', Buffer.from(html)) };
}

/** Gzip where the browser takes it; a 304 for a copy the browser already has. */
function send(req: FastifyRequest, reply: FastifyReply, a: Asset, cacheControl: string) {
  // Weak: the gzip and the plain bytes are one resource.
  const etag = `W/"${a.hash}"`;
  void reply
    .type(a.type)
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? ''))
    return reply.header('content-encoding', 'gzip').send(a.gzipped);
  return reply.send(a.bytes);
}

/** make()'s answer, made once; a failure is tried again on the next request. */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
};

export function registerApiDocs(app: FastifyInstance) {
  // Generated on the first request rather than at start (about 0.2 s of zod's conversion), then kept:
  // the document changes only with the code.
  const document = once(() =>
    asset('application/json; charset=utf-8', Buffer.from(JSON.stringify(openApiDocument()))),
  );
  const docsPage = once(loadDocsPage);

  app.get(OPENAPI_PATH, async (req, reply) => send(req, reply, await document(), 'no-cache'));
  app.get(DOCS_PATH, async (req, reply) => {
    void reply.header('content-security-policy', DOCS_CSP);
    return send(req, reply, (await docsPage()).page, 'no-cache');
  });
  app.get(`${ASSETS_PATH}:name`, async (req, reply) => {
    const found = (await docsPage()).assets.get((req.params as { name: string }).name);
    if (!found) throw new AppError('NOT_FOUND', 404);
    return send(req, reply, found, IMMUTABLE);
  });
}
