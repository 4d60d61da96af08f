import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Fonts are precached whatever the page: text drawn offline in a fallback font would read wrong. */
const FONT = /^assets\/.+\.woff2$/;
/** The UI and error texts of every language (small): a member offline still reads their own language. */
const TEXTS = /\/src\/i18n\/(?:locales|errors)\//;
/** The hashed files index.html names: its entry, the app's main chunk, the member shell (member-shell meta). */
const HTML_ASSET = /\/assets\/[^"'\s,]+/g;
/** The files of web/public the installed app shows: its icons and manifest. */
const PUBLIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];

/**
 * Writes /sw.js (scripts/sw.js) into the build with the build's files to precache and a version that
 * changes with them, so each new build is a new worker. Only the build has one: `npm run dev` serves no
 * worker, and the app registers it only in a production build (lib/service-worker.ts).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'krapao-service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const htmlSource = html?.type === 'asset' ? String(html.source) : '';
      // What the first screen of /login and of a member's home load, and the texts: what the shell needs
      // to open offline. Every other chunk is cached when it is first used (scripts/sw.js), so a visitor's phone
      // does not download the whole app in the background.
      const assets = [
        ...new Set([
          ...[...htmlSource.matchAll(HTML_ASSET)].map((m) => m[0].slice(1)),
          ...Object.keys(bundle).filter((name) => FONT.test(name)),
          ...Object.values(bundle)
            .filter((file) => file.type === 'chunk' && file.moduleIds.some((id) => TEXTS.test(id)))
            .map((file) => file.fileName),
        ]),
      ].sort();
      for (const name of assets)
        if (!bundle[name]) throw new Error(`index.html names ${name}, which the build did not write`);
      const hash = createHash('sha256')
        .update(assets.join('\n'))
        .update(htmlSource)
        .digest('hex')
        .slice(0, 12);
      // The build time first, so that caches sort by age (scripts/sw.js, activate).
      const version = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${hash}`;
      const precache = [...PUBLIC_FILES, ...assets.map((name) => `/${name}`)];
      const source = readFileSync(new URL('./sw.js', import.meta.url), 'utf8')
        .replace("/* VERSION */ 'dev'", JSON.stringify(version))
        .replace('/* PRECACHE */ []', JSON.stringify(precache));
      if (!source.includes(version) || !source.includes(JSON.stringify(precache)))
        throw new Error('scripts/sw.js: the VERSION or PRECACHE placeholder is missing');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
