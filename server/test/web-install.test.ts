// The installable app as the server hands it out: the manifest and the service worker with the content
// types browsers insist on, the worker never cached long (a new build must reach phones at once), and a
// CSP that lets the worker run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

// A stand-in for web/dist with the files the web build writes for installation.
const dist = mkdtempSync(join(tmpdir(), 'krapao-install-test-'));
const MANIFEST = JSON.stringify({ name: 'Krapao', start_url: '/user/home', display: 'standalone' });
const WORKER = "self.addEventListener('fetch', () => {});";
mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, 'icons'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(join(dist, 'manifest.webmanifest'), MANIFEST);
writeFileSync(join(dist, 'sw.js'), WORKER);
writeFileSync(join(dist, 'icons/icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ WEB_DIST: dist });
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('[care] the installable app', () => {
  it('serves the manifest as application/manifest+json, not cached for long', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ start_url: '/user/home', display: 'standalone' });
  });

  it('serves the service worker as JavaScript with Cache-Control no-cache, so an update is seen at once', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(WORKER);
  });

  it('serves the icons as PNG', async () => {
    const res = await get('/icons/icon-192.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it("the CSP lets the app's own worker and manifest load, and nothing else's", async () => {
    const csp = String((await get('/user/home')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });
});
