import type { Plugin } from 'vite';

const PART = /\/i18n\/locales\/[a-z]+\.json\?(?:.*&)?(first-paint|later|console)(?:&|$)/;
/** The operator console's texts: only the console loads them (src/console/i18n.ts), never a member page. */
const CONSOLE_GROUP = 'console';

function keeps(part: string, group: string, firstPaint: readonly string[]): boolean {
  if (part === 'console') return group === CONSOLE_GROUP;
  if (group === CONSOLE_GROUP) return false;
  return firstPaint.includes(group) === (part === 'first-paint');
}

/**
 * Splits each UI text file (src/i18n/locales/xx.json) in two by top-level group: `?first-paint` keeps
 * `firstPaint`, `?later` the rest but the console's (`?console`), so /login fetches about 1 KB of texts instead of 5 (gzip). The build
 * and the unit tests (vitest.config.ts) both use it.
 */
export function splitTexts(firstPaint: readonly string[]): Plugin {
  return {
    name: 'krapao-split-texts',
    enforce: 'pre',
    transform(code, id) {
      const part = PART.exec(id)?.[1];
      if (!part) return null;
      const groups = Object.entries(JSON.parse(code) as Record<string, unknown>);
      const kept = groups.filter(([group]) => keeps(part, group, firstPaint));
      // A module, not JSON: the bundler reads a .json with a query as JavaScript.
      const json = JSON.stringify(Object.fromEntries(kept));
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, map: null };
    },
  };
}
