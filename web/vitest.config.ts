import { defineConfig } from 'vitest/config';
import { splitTexts } from './scripts/vite-split-texts.ts';
import { FIRST_PAINT_GROUPS, MEMBER_FIRST_SCREEN_GROUPS } from './src/i18n/first-paint.ts';

/**
 * Files that need a page of their own: the back button counts the tab's history entries, the first
 * load checks which text groups the i18n module has loaded, and the navigation test holds back a
 * screen's chunk that must not have loaded yet (app/screen-loads.ts keeps each screen's load): an
 * earlier file in the same worker would have changed each.
 */
const OWN_PAGE = ['test/back-button.test.tsx', 'test/first-load.test.ts', 'test/navigation.test.tsx'];

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  // The app loads its texts in parts (i18n/index.ts); the tests load them as the app does.
  plugins: [splitTexts({ firstPaint: FIRST_PAINT_GROUPS, member: MEMBER_FIRST_SCREEN_GROUPS })],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // A registration typed field by field with its 2 s redirect took 9.7 s beside the browser tests on a
    // machine where fresh memory is dear (2026-11-29), and once more than 15 s; the QR quick picks, 4 s
    // alone, took 16 s in a CI run of 17 minutes (2026-11-30): a timeout, not a bar.
    testTimeout: 60_000,
    // Three files at a time on two cores: much of a component test is waiting on real timers (a 2 s
    // redirect, a 1.5 s modal delay), so a third worker fills the idle time (4 min 25 s to 2 min 44 s).
    maxWorkers: 3,
    env: { VITE_REGION: 'th' },
    projects: [
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          exclude: OWN_PAGE,
          // A worker runs its files in one module graph and one page (setup.ts cleans up after each
          // test): importing React, Mantine and the app anew for each file was most of a file's time.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own page', include: OWN_PAGE } },
    ],
  },
});
