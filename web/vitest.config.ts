import { defineConfig } from 'vitest/config';
import { splitTexts } from './scripts/vite-split-texts.ts';
import { FIRST_PAINT_GROUPS } from './src/i18n/first-paint.ts';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  // The app loads its texts in parts (i18n/index.ts); the tests load them as the app does.
  plugins: [splitTexts(FIRST_PAINT_GROUPS)],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 15_000,
    // Three files at a time on two cores: much of a component test is waiting on real timers (a 2 s
    // redirect, a 1.5 s modal delay), so a third worker fills the idle time (4 min 25 s to 2 min 44 s).
    maxWorkers: 3,
    env: { VITE_REGION: 'th' },
  },
});
