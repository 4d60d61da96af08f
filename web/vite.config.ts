import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import { chunkGroups } from './scripts/chunk-groups.ts';
import { consoleCopies } from './scripts/vite-console-copies.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { preloadApp } from './scripts/vite-preload-app.ts';
import { serviceWorker } from './scripts/vite-service-worker.ts';
import { splitTexts } from './scripts/vite-split-texts.ts';
import { stylesAfterSplash } from './scripts/vite-styles-after-splash.ts';
import { SITE_NAME, SITE_NAME_LANG } from './src/components/site-name.ts';
import { FIRST_PAINT_GROUPS, MEMBER_FIRST_SCREEN_GROUPS } from './src/i18n/first-paint.ts';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
/** The app's main module: React, the router, Mantine, the visitor shell and /login. */
const APP = source('app/start.tsx');
/** What a member's first screen runs besides the app: the member shell, the home page, the query client. */
const MEMBER_SHELL = [
  source('app/layouts/MemberLayout.tsx'),
  source('app/routes/member-home.tsx'),
  source('app/query-scope.tsx'),
  source('app/first-screen-queries.ts'),
];

// The server's REGION=la means a Laos build when VITE_REGION does not say otherwise (as scripts/lib.mjs
// does for npm start), so `REGION=la npm run build` builds the Laos web app.
if (process.env.REGION && !process.env.VITE_REGION) process.env.VITE_REGION = process.env.REGION;

/** The region this build is for: VITE_REGION from the environment or web/.env (the environment wins). */
const buildRegion = (mode: string) =>
  loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_').VITE_REGION === 'la' ? 'la' : 'th';

/**
 * The static splash (index.html) paints before any script, so it cannot know a member's language: it names
 * the site in the script of the build's own, กระเป๋า on a Thai build and ກະເປົາ on a Laos one. Once the app
 * runs, the splash and the wordmark name it in the language on screen (components/site-name.ts).
 */
function splashName(mode: string) {
  const region = buildRegion(mode);
  process.env.VITE_SPLASH_NAME = SITE_NAME[region];
  process.env.VITE_SPLASH_LANG = SITE_NAME_LANG[region];
}

/**
 * Each region builds into a folder of its own, web/dist/th or web/dist/la (scripts/lib.mjs webDist), so
 * building one never removes the files a running server of the other serves.
 */
const outDir = (mode: string) => process.env.WEB_OUT_DIR ?? `dist/${buildRegion(mode)}`;

// Vite 8 transforms TSX itself (oxc); the automatic runtime means no `import React` in components.
export default defineConfig(({ mode }) => {
  splashName(mode);
  return {
    oxc: { jsx: { runtime: 'automatic' } },
    plugins: [
      splitTexts({ firstPaint: FIRST_PAINT_GROUPS, member: MEMBER_FIRST_SCREEN_GROUPS }),
      consoleCopies(),
      preloadApp({ app: APP, memberShell: MEMBER_SHELL }),
      stylesAfterSplash(),
      serviceWorker(),
      precompress(),
    ],
    server: {
      proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
    },
    build: {
      // WEB_OUT_DIR lets two builds (e.g. two people testing at once) keep their own folders.
      outDir: outDir(mode),
      // The strict CSP forbids inline scripts; keep the module preload polyfill out of index.html.
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: {
          codeSplitting: chunkGroups({ app: [APP], memberShell: MEMBER_SHELL }),
        },
        onwarn(warning, warn) {
          // Mantine marks its modules "use client" for server components; a browser bundle ignores it.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
  };
});
