/**
 * The groups of the UI texts (locales/*.json) that /login shows before the member does anything: its
 * shell, its form and the page's description. Only these load with the page (the /login budget); the
 * others come with every other screen (scripts/vite-split-texts.ts, i18n/index.ts). A group /login needs
 * at once but missing here shows as raw keys on /login (web/e2e/first-load.e2e.ts looks for them).
 */
export const FIRST_PAINT_GROUPS = ['common', 'nav', 'login', 'howto', 'site'] as const;
