import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names everything under assets/ by its content hash, so a cached copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app at /, with every unknown non-API path answered by index.html (client routes).
 * Anything else unknown (an API path, a missing asset) is { message: 'NOT_FOUND' }.
 *
 * The web build writes a .br and a .gz beside each text asset (web/vite-precompress.ts); the one the
 * browser's Accept-Encoding prefers is sent, so nothing is compressed per request.
 */
export async function serveWeb(app: FastifyInstance, webDist: string | undefined) {
  const root = webDist ? resolve(webDist) : undefined;
  if (!root || !existsSync(resolve(root, 'index.html'))) {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'NOT_FOUND' }));
    return;
  }
  const assets = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    // Our own cache-control below: the plugin's would overwrite it with "public, max-age=0".
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      // The same URL answers br, gzip or plain bytes: a shared cache must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/sim/') &&
      // A chunk of an older build is gone: HTML in its place would only fail as a script.
      !req.url.startsWith('/assets/') &&
      // A missing file (robots.txt, sitemap.xml, a picture) is not a page: the app's HTML in its place
      // misleads crawlers and browsers alike. Client routes have no dot in their last segment.
      !/\.[a-z0-9]+$/i.test(req.url.split('?')[0]!.split('/').pop() ?? '');
    if (isPage) return reply.sendFile('index.html');
    return reply.code(404).send({ message: 'NOT_FOUND' });
  });
}
