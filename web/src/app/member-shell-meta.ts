/**
 * The name of index.html's meta tag that lists the files of a member's first screen: the build writes it
 * (web/scripts/vite-preload-app.ts), the entry reads it (app/first-screen.ts). No imports: the build
 * config reads this module too.
 */
export const MEMBER_SHELL_META = 'krapao:member-shell';
