import type { ComponentType } from 'react';

type Module = { default: ComponentType };

/**
 * The lazy screens, by name: app/screen-loads.ts loads them for the routes (app/routes.tsx) and for
 * the entry, which starts a member's first screen before React runs (app/first-screen.ts). This module
 * imports nothing, so the entry stays small.
 */
export const screens = {
  register: () => import('./routes/register'),
  forgotPassword: () => import('./routes/forgot-password'),
  contact: () => import('./routes/contact'),
  howto: () => import('./routes/howto'),
  terminated: () => import('./routes/terminated'),
  notFound: () => import('./routes/not-found'),
  memberLayout: () => import('./layouts/MemberLayout'),
  memberHome: () => import('./routes/member-home'),
  memberStatement: () => import('./routes/member-statement'),
  memberBonus: () => import('./routes/member-bonus'),
  memberSpin: () => import('./routes/member-spin'),
  memberProfile: () => import('./routes/member-profile'),
  memberLimits: () => import('./routes/member-limits'),
} satisfies Record<string, () => Promise<Module>>;

export type ScreenName = keyof typeof screens;

/** The visitor pages beside /login (part of the app's chunk), by path; any other path is the 404. */
export const VISITOR_PAGES = {
  register: 'register',
  'forgot-password': 'forgotPassword',
  contact: 'contact',
  howto: 'howto',
  terminated: 'terminated',
} as const satisfies Record<string, ScreenName>;

/** The member pages under /user/, by path; any other path there is the member 404 (SH-7). */
export const MEMBER_PAGES = {
  home: 'memberHome',
  statement: 'memberStatement',
  bonus: 'memberBonus',
  spin: 'memberSpin',
  contact: 'contact',
  // HELP-1: the how-to videos inside the member shell too, reached from /user/contact.
  howto: 'howto',
  profile: 'memberProfile',
  // Player protection: limits, reality check, time-out, self-exclusion.
  limits: 'memberLimits',
} as const satisfies Record<string, ScreenName>;

/** The screen a /user path shows: /user and /user/ go home (SH-7); undefined outside /user. */
export function memberScreenOf(pathname: string): ScreenName | undefined {
  const match = /^\/user(?:\/(.*))?$/.exec(pathname);
  if (!match) return undefined;
  const page = (match[1] ?? '').replace(/\/$/, '') || 'home';
  return Object.hasOwn(MEMBER_PAGES, page) ? MEMBER_PAGES[page as keyof typeof MEMBER_PAGES] : 'notFound';
}

/**
 * The lazy screens a path shows, outermost first ('console' for the operator console); none for /login
 * and the site's root. app/routes.tsx draws the same table.
 */
export function screensOf(pathname: string): (ScreenName | 'console')[] {
  const member = memberScreenOf(pathname);
  if (member) return ['memberLayout', member];
  if (/^\/console(?:\/|$)/.test(pathname)) return ['console'];
  const page = pathname.replace(/^\/|\/$/g, '');
  if (page === '' || page === 'login') return [];
  return [
    Object.hasOwn(VISITOR_PAGES, page) ? VISITOR_PAGES[page as keyof typeof VISITOR_PAGES] : 'notFound',
  ];
}
