// The built web app as a phone receives it: precompressed bytes chosen by Accept-Encoding, hashed
// assets cached for a year, pages never cached, client routes answered by index.html.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

// A tiny stand-in for web/dist, laid out as the web build writes it.
const dist = mkdtempSync(join(tmpdir(), 'krapao-web-test-'));
const INDEX = '<!doctype html><html><body><div id="root">splash</div></body></html>';
const CHUNK = 'export const hello = "สวัสดี";'.repeat(40);
function writeWithCompressed(path: string, text: string) {
  writeFileSync(join(dist, path), text);
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
}
mkdirSync(join(dist, 'assets'));
writeWithCompressed('index.html', INDEX);
writeWithCompressed('assets/index-AbC123.js', CHUNK);
writeFileSync(join(dist, 'assets/logo-XyZ789.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
// The web build copies web/public as it is: the real robots.txt.
const ROBOTS = readFileSync(join(import.meta.dirname, '../../web/public/robots.txt'), 'utf8');
writeFileSync(join(dist, 'robots.txt'), ROBOTS);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ WEB_DIST: dist });
const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('serving the web app', () => {
  it('[seo] /robots.txt is a real robots.txt (text, lets crawlers in, keeps them off the API); a missing file is 404, not the app', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toMatch(/^Disallow: \/api\/$/m);
    expect(robots.body).not.toMatch(/^Disallow: \/$/m);
    const missing = await get('/sitemap.xml');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
    // A client route is still the app.
    expect((await get('/user/home?x=1.5')).body).toContain('splash');
  });

  it('[trust-11] a browser that takes brotli gets the .br bytes of a hashed chunk, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('[trust-11] gzip only gets the .gz bytes; no Accept-Encoding gets the plain file', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(CHUNK);

    const identity = await get('/assets/index-AbC123.js', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(CHUNK);
  });

  it('[trust-11] a file the build left uncompressed is sent as it is, still immutable', async () => {
    const res = await get('/assets/logo-XyZ789.png', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('[trust-11] the page itself and every client route answer index.html, compressed and never cached', async () => {
    for (const url of ['/', '/login', '/user/home', '/index.html']) {
      const br = await get(url, 'br, gzip');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-type'], url).toMatch(/^text\/html/);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(INDEX);

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toBe(INDEX);
    }
  });

  it('[trust-11] an unknown API path or a chunk of an older build is 404 NOT_FOUND, not the page', async () => {
    for (const url of ['/api/nothing-here', '/assets/index-OldOld.js']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'NOT_FOUND' });
    }
  });
});
