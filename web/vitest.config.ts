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
    env: { VITE_REGION: 'th' },
  },
});
