// Lighthouse (mobile preset, its default simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU) against
// Debian's Chromium, for npm run bench:web. Only the benchmark uses it, never npm test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, ensureChromium } from './lib.mjs';

/**
 * LIGHTHOUSE_THROTTLING=devtools: the preset's network and CPU applied to the browser for real, the page
 * timed as it loads, instead of Lighthouse's default simulation (lantern), which estimates the times from
 * an unthrottled load. The simulation counts every request that ended before the paint over HTTP/1.1's
 * six connections, and moves little when a request starts earlier; applied throttling shows that (see
 * docs/decisions.md, "A member's first screen is drawn once"). Noisier: use more runs. The bar is the
 * simulation's.
 */
export const APPLIED = process.env.LIGHTHOUSE_THROTTLING === 'devtools';

/** The figures the bench prints; times in ms, bytes as Lighthouse counts them on the wire. */
function figuresOf(lhr) {
  const num = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    transferred: num('total-byte-weight'),
    // Lighthouse's measure of this machine's speed (about 1000+ on an idle desktop): a busy machine
    // lengthens every task, and TBT most.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

/**
 * One Chromium for every run. `prepare(origin)` may run in it first (e.g. to put a session token in
 * localStorage): Lighthouse clears the cache and service workers before each run but keeps localStorage.
 */
export async function startLighthouse() {
  const chrome = await launch({
    chromePath: ensureChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  return {
    /** Sets localStorage entries for `origin` in the browser Lighthouse will use. */
    async setLocalStorage(origin, entries) {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${origin}/api/lookup/active`).catch(() => {});
      await page.evaluate((e) => {
        for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
      }, entries);
      await page.close();
      await browser.close();
    },
    /** Runs Lighthouse `runs` times on `url` and answers the run with the median performance score. */
    async measure(url, runs) {
      const run = () =>
        lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(APPLIED ? { throttlingMethod: 'devtools' } : {}),
        });
      const all = [];
      let retries = 0;
      for (let i = 0; i < runs; i++) {
        let result = await run();
        // A trace without the page's navigation start: Lighthouse's own advice is to run again. Seen on
        // the second /login run in one Chromium, now and then (2026-11-28); such a run gives no figures.
        // At most twice per page.
        while (result?.lhr.runtimeError?.code === 'NO_NAVSTART' && retries < 2) {
          retries += 1;
          console.log(`  (${url}: Lighthouse recorded no navigation start; run again)`);
          result = await run();
        }
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const error = result.lhr.runtimeError;
        if (error) throw new Error(`Lighthouse: ${error.message}`);
        // A member page that sent us back to /login would measure the wrong page.
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
          throw new Error(`Lighthouse asked for ${url} and ended on ${result.lhr.finalDisplayedUrl}`);
        }
        all.push(figuresOf(result.lhr));
        // LIGHTHOUSE_REPORT_DIR keeps each run's report (open the .json in the Lighthouse viewer).
        const dir = process.env.LIGHTHOUSE_REPORT_DIR;
        if (dir) {
          mkdirSync(dir, { recursive: true });
          const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
          writeFileSync(join(dir, `${name}-${i + 1}.json`), result.report);
        }
      }
      all.sort((a, b) => a.score - b.score);
      return { ...all[Math.floor(all.length / 2)], scores: all.map((f) => f.score) };
    },
    close: () => chrome.kill(),
  };
}
