import type { Plugin } from 'vite';

const PART = /\/i18n\/locales\/[a-z]+\.json\?(?:.*&)?(first-paint|member|later|console)(?:&|$)/;
/** The operator console's texts: only the console loads them (src/console/i18n.ts), never a member page. */
const CONSOLE_GROUP = 'console';

/** The groups of each part but the console's: /login's first paint, and a member's first screen. */
export interface TextParts {
  firstPaint: readonly string[];
  member: readonly string[];
}

function partOf(group: string, parts: TextParts): string {
  if (group === CONSOLE_GROUP) return 'console';
  if (parts.firstPaint.includes(group)) return 'first-paint';
  return parts.member.includes(group) ? 'member' : 'later';
}

/**
 * Splits each UI text file (src/i18n/locales/xx.json) by top-level group: `?first-paint` keeps the groups
 * /login shows at once (about 1 KB gzip instead of 5), `?member` those a member's first screen adds,
 * `?later` the rest but the console's (`?console`). The build and the unit tests (vitest.config.ts) both
 * use it.
 */
export function splitTexts(parts: TextParts): Plugin {
  return {
    name: 'krapao-split-texts',
    enforce: 'pre',
    transform(code, id) {
      const part = PART.exec(id)?.[1];
      if (!part) return null;
      const groups = Object.entries(JSON.parse(code) as Record<string, unknown>);
      const kept = groups.filter(([group]) => partOf(group, parts) === part);
      // A module, not JSON: the bundler reads a .json with a query as JavaScript.
      const json = JSON.stringify(Object.fromEntries(kept));
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, map: null };
    },
  };
}
