/**
 * The groups of the UI texts (locales/*.json) that /login shows before the member does anything: its
 * shell, its form and the page's description. Only these load with the page (the /login budget); the
 * others come with every other screen (scripts/vite-split-texts.ts, i18n/index.ts). A group /login needs
 * at once but missing here shows as raw keys on /login (web/e2e/first-load.e2e.ts looks for them).
 */
export const FIRST_PAINT_GROUPS = ['common', 'nav', 'login', 'howto', 'site'] as const;

/**
 * The groups a member's first screen (the member shell and the home) shows, beyond /login's: they load
 * with it, and the others (the other screens, the dialogs, the error texts) once it is done. Found by
 * reading the member chunk's modules; a group missing here shows as raw keys on the home until the
 * rest arrives (web/e2e/first-load.e2e.ts looks for them).
 */
export const MEMBER_FIRST_SCREEN_GROUPS = [
  'care',
  'chat',
  'games',
  'header',
  'home',
  'install',
  'invite',
  'protection',
  'realtime',
  'retryWait',
  'spin',
  'wallet',
] as const;
