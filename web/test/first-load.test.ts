// What /login's first paint loads: its own texts only, and the service check without the contract; the
// rest comes once needed.
import { lookups } from '@krapao/contract';
import { describe, expect, it } from 'vitest';
import { serviceActiveEndpoint } from '../src/features/lookups/api/service-active';
import { i18n, initI18n, loadLaterTexts, loadMemberTexts } from '../src/i18n';
import en from '../src/i18n/locales/en.json';
import { FIRST_PAINT_GROUPS, MEMBER_FIRST_SCREEN_GROUPS } from '../src/i18n/first-paint';

describe('first paint of /login', () => {
  it('[SH-6] the service check /login makes without the contract asks the contract path', () => {
    expect(serviceActiveEndpoint.path).toBe(lookups.active.path);
    expect(serviceActiveEndpoint.method).toBe(lookups.active.method);
  });

  it('[SH-6] only an explicit active: false counts as a terminated service', () => {
    const read = (data: unknown) => serviceActiveEndpoint.response.safeParse(data).data;
    expect(read({ active: false })).toEqual({ active: false });
    expect(read({ active: true })).toEqual({ active: true });
    expect(read(undefined)).toEqual({ active: true });
    expect(read({ message: 'x' })).toEqual({ active: true });
  });

  it("[trust-11] the page starts with its own texts; a member's first screen adds its own; the other screens and the error texts come later", async () => {
    await initI18n('en', { firstPaintOnly: true });
    const groups = Object.keys(en) as Array<keyof typeof en>;
    for (const group of groups) {
      const first = (FIRST_PAINT_GROUPS as readonly string[]).includes(group);
      const [key] = Object.keys(en[group]);
      expect(i18n.exists(`${group}.${key}`), `${group}.${key}`).toBe(first);
    }
    expect(i18n.t('login.title')).toBe(en.login.title);
    expect(i18n.exists('errors.UNAUTHORIZED')).toBe(false);

    await loadMemberTexts('en');
    const shown = [...FIRST_PAINT_GROUPS, ...MEMBER_FIRST_SCREEN_GROUPS] as readonly string[];
    for (const group of groups) {
      const [key] = Object.keys(en[group]);
      expect(i18n.exists(`${group}.${key}`), `${group}.${key}`).toBe(shown.includes(group));
    }
    expect(i18n.t('home.hello', { name: 'Somchai' })).toBe(en.home.hello.replace('{{name}}', 'Somchai'));
    expect(i18n.exists('errors.UNAUTHORIZED')).toBe(false);

    await loadLaterTexts('en');
    // The operator console's texts load with the console only (src/console/i18n.ts), never a member's page.
    for (const group of groups)
      expect(i18n.exists(`${group}.${Object.keys(en[group])[0]}`), group).toBe(group !== 'console');
    expect(i18n.t('errors.UNAUTHORIZED')).toBe('Please log in to continue.');
  });
});
