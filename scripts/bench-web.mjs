// npm run bench:web: the gzip size of the JavaScript and CSS a browser loads for /login and for
// /user/home, measured in Chromium against the built app on a real server (so lazy chunks count only
// when a page really needs them). Budget: /login at most 200 KB gzip.
import { gzipSync } from 'node:zlib';
import { buildWeb, launchChromium, startServer, webBuildIsStale } from './lib.mjs';

const LOGIN_BUDGET_KB = 200;
const DEMO = { username: '0812345678', password: 'krapao-demo-1' };

if (webBuildIsStale() && (await buildWeb()) !== 0) process.exit(1);
const server = await startServer();
const base = server.base;
const browser = await launchChromium();
try {
  const { context, page } = browser;

  async function measure(path, prepare) {
    const assets = new Map();
    const onResponse = async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      try {
        assets.set(res.url(), {
          type,
          raw: (await res.body()).length,
          gzip: gzipSync(await res.body(), { level: 9 }).length,
        });
      } catch {
        // a response without a body (a redirect, an aborted request) adds nothing
      }
    };
    // A fresh cache for each page, so each figure is what a first visit downloads.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    page.on('response', onResponse);
    if (prepare) await prepare();
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    page.off('response', onResponse);
    const sum = (t) => [...assets.values()].filter((a) => !t || a.type === t).reduce((n, a) => n + a.gzip, 0);
    if (process.argv.includes('--verbose')) {
      console.log(`\n${path}`);
      for (const [url, a] of [...assets].sort((x, y) => y[1].gzip - x[1].gzip)) {
        console.log(`  ${(a.gzip / 1024).toFixed(1).padStart(6)} KB  ${url.replace(base, '')}`);
      }
    }
    return { path, js: sum('script'), css: sum('stylesheet'), total: sum(), files: assets.size };
  }

  const login = await measure('/login');
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO, isRemember: true }),
  });
  const { token } = await res.json();
  const home = await measure('/user/home', async () => {
    await page.goto(`${base}/login`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  });

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log('\nJavaScript and CSS a browser loads (gzip -9), first visit:');
  for (const m of [login, home]) {
    console.log(
      `  ${m.path.padEnd(12)} JS ${kb(m.js).padStart(9)}  CSS ${kb(m.css).padStart(8)}  total ${kb(m.total).padStart(9)}  (${m.files} files)`,
    );
  }
  const ok = login.total <= LOGIN_BUDGET_KB * 1024;
  console.log(`\n/login budget ${LOGIN_BUDGET_KB} KB: ${ok ? 'within' : 'OVER'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
