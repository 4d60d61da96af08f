import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // On PGlite, every test database starts from one migrated and seeded dump (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // A limit for a test that hangs, not a bar: beside the browser tests in CI a test can take four times
    // its time on an idle machine (12 s for the random movements' property test, 5.7 s alone).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own database; two at a time suit a 2-core machine.
    maxWorkers: 2,
    // A worker runs its files in one module graph instead of importing the server anew for each: the
    // server suites took 319 s and 199 s with a new graph per file, 141 s and 104 s without (PGlite,
    // PostgreSQL, an idle 2-core machine). Each file still has its own app and database (helpers.ts), the
    // tests mock no module, and what modules keep (prepared statement names, the migration files' sums)
    // is the same for every file.
    isolate: false,
  },
});
