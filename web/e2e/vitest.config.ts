import { defineConfig } from 'vitest/config';

// Browser tests: the built app against a real server (embedded database, simulated outside world),
// driven in Debian's Chromium by playwright-core.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    // The files run one after another in one module graph: playwright-core, the locale files and the
    // helpers are imported once, not once per file (each file still opens its own browser).
    isolate: false,
    // A page's first load in a newly launched Chromium can take more than a second while CI is busy;
    // vitest's default of one second for expect.poll made such first looks fail though the page came.
    expect: { poll: { timeout: 10_000 } },
  },
});
