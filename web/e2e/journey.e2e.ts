// The first complete member journey, in a real browser against a real server, in th, la and en:
// register with OTP, log in with and without "remember", reload and stay logged in, read the profile,
// change the password, log out (the old token is refused), log in with the new password.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import th from '../src/i18n/locales/th.json' with { type: 'json' };
import la from '../src/i18n/locales/la.json' with { type: 'json' };
import errorsEn from '../src/i18n/errors/en.json' with { type: 'json' };
import errorsTh from '../src/i18n/errors/th.json' with { type: 'json' };
import { acceptAgreementsInBrowser, screenshot, useBrowser, field, latestCodeAt } from './browser.ts';

const base = inject('baseUrl');
const LOCALES = { th, la, en } as const;
type Lng = keyof typeof LOCALES;

let phoneSeq = 0;
const freshPhone = () => `08${String(Date.now() % 1e7).padStart(7, '0')}${++phoneSeq % 10}`;
const freshAccountNo = () => String(Math.floor(1e9 + Math.random() * 8.9e9));

const latestCode = (phone: string) => latestCodeAt(base, phone);

async function useLocale(page: Page, lng: Lng) {
  await page.goto(`${base}/login`);
  await page.evaluate((l) => localStorage.setItem('locale', l), lng);
  await page.reload();
}

/** Types the code into the six boxes; the step submits itself on the sixth digit, as a member sees. */
async function typeOtp(page: Page, code: string) {
  const boxes = page.locator('input[inputmode="numeric"]');
  await expect.poll(() => boxes.first().isEnabled()).toBe(true);
  await boxes.first().click();
  await page.keyboard.type(code, { delay: 30 });
}

async function register(
  page: Page,
  T: (typeof LOCALES)[Lng],
  lng: Lng,
  m: { phone: string; password: string },
) {
  await page.goto(`${base}/register`);
  await field(page, T.register.phone).fill(m.phone);
  await screenshot(page, `register-1-phone-${lng}`);
  await page.getByRole('button', { name: T.common.next }).click();
  await expect.poll(() => page.getByText(T.otp.verify).count()).toBeGreaterThan(0);
  const code = await latestCode(m.phone);
  await screenshot(page, `register-2-otp-${lng}`);
  await typeOtp(page, code);
  await field(page, T.register.name).fill('Somsri Rakdee');
  await field(page, T.register.password).fill(m.password);
  await field(page, T.register.confirmPassword).fill(m.password);
  await screenshot(page, `register-3-profile-${lng}`);
  await page.getByRole('button', { name: T.common.next }).click();
  await page.getByPlaceholder(T.register.bankPlaceholder).click();
  await page
    .getByRole('option', { name: /Kasikornbank|กสิกรไทย|ກະສິກອນໄທ/ })
    .first()
    .click();
  await field(page, T.register.firstName).fill('somsri');
  await field(page, T.register.lastName).fill('rakdee');
  await field(page, T.register.accountNo).fill(freshAccountNo());
  await screenshot(page, `register-4-bank-${lng}`);
  await page.getByRole('button', { name: T.register.submit }).click();
  await expect.poll(() => page.getByText(T.register.doneTitle).count()).toBeGreaterThan(0);
  // REG-8: on to /login after 2 seconds.
  await page.waitForURL(/\/login$/, { timeout: 10_000 });
}

async function login(
  page: Page,
  T: (typeof LOCALES)[Lng],
  m: { phone: string; password: string },
  remember: boolean,
) {
  await field(page, T.login.username).fill(m.phone);
  await field(page, T.login.password).fill(m.password);
  if (remember) await field(page, T.login.remember).check();
  await page.getByRole('button', { name: T.login.submit }).click();
  await page.waitForURL(/\/user\/home$/);
}

const storedToken = (page: Page) =>
  page.evaluate(() => ({ local: localStorage.getItem('token'), session: sessionStorage.getItem('token') }));

for (const lng of Object.keys(LOCALES) as Lng[]) {
  describe(`a member's first visit in ${lng}`, () => {
    const s = useBrowser();

    it(`[REG-1] [REG-3] [REG-8] [LOG-1] [SH-12] [SH-15] [PRO-1] [PRO-2] registers, logs in, edits and logs out (${lng})`, async () => {
      const T = LOCALES[lng];
      const { page } = s;
      const member = { phone: freshPhone(), password: 'first-pass-123' };
      await useLocale(page, lng);
      await field(page, T.login.username).waitFor();
      await screenshot(page, `login-${lng}`);
      await register(page, T, lng, member);

      // Without "remember": the token lives for the browser session only; a reload keeps it (SH-15).
      await login(page, T, member, false);
      // HOME-2: a new member's home asks to accept the agreements, in the member's language.
      await acceptAgreementsInBrowser(page, T, `agreements-${lng}`);
      const first = await storedToken(page);
      expect(first.local).toBeNull();
      expect(first.session).toBeTruthy();
      await page.reload();
      await page.waitForURL(/\/user\/home$/);
      await expect.poll(() => page.getByText('Somsri Rakdee').count()).toBeGreaterThan(0);
      await screenshot(page, `home-${lng}`);

      // Profile (PRO-1): username, holder name upper-cased.
      await page.goto(`${base}/user/profile`);
      await expect.poll(() => field(page, T.profile.username).inputValue()).toBe(member.phone);
      await expect.poll(() => page.getByText('SOMSRI RAKDEE').count()).toBeGreaterThan(0);
      await screenshot(page, `profile-${lng}`);

      // Change the password (PRO-2).
      await page.getByRole('button', { name: T.profile.changePassword }).first().click();
      await field(page, T.profile.oldPassword).fill(member.password);
      await field(page, T.profile.newPassword).fill('second-pass-456');
      await field(page, T.profile.confirmPassword).fill('second-pass-456');
      await page.getByRole('dialog').getByRole('button', { name: T.common.save }).click();
      await expect.poll(() => page.getByText(T.profile.passwordChanged).count()).toBeGreaterThan(0);

      // Log out: the token is gone from the browser and refused by the server (SH-12).
      const oldToken = first.session!;
      await page.getByRole('button', { name: T.nav.logout }).first().click();
      await page.waitForURL(/\/login$/);
      expect(await storedToken(page)).toEqual({ local: null, session: null });
      const refused = await fetch(`${base}/api/account/profile`, {
        headers: { authorization: `Bearer ${oldToken}` },
      });
      expect(refused.status).toBe(401);

      // The new password with "remember": the token is kept across browser sessions.
      await login(page, T, { ...member, password: 'second-pass-456' }, true);
      expect((await storedToken(page)).local).toBeTruthy();
      await page.reload();
      await page.waitForURL(/\/user\/home$/);
    });
  });
}

describe('bad input in the browser', () => {
  const s = useBrowser();

  it('[REG-7] a phone already registered is told EXISTING_USER on step 1 (th)', async () => {
    const { page } = s;
    await useLocale(page, 'th');
    await page.goto(`${base}/register`);
    await field(page, th.register.phone).fill('0812345678');
    await page.getByRole('button', { name: th.common.next }).click();
    await expect.poll(() => page.getByText(errorsTh.EXISTING_USER).count()).toBeGreaterThan(0);
  });

  it('[REG-9] wrong codes end in OTP_BLOCK, shown in words (en)', async () => {
    const { page } = s;
    await useLocale(page, 'en');
    const phone = freshPhone();
    await page.goto(`${base}/register`);
    await field(page, en.register.phone).fill(phone);
    await page.getByRole('button', { name: en.common.next }).click();
    const code = await latestCode(phone);
    for (let i = 0; i < 5; i++) {
      const wrong = `12345${i}` === code ? `54321${i}` : `12345${i}`;
      await typeOtp(page, wrong);
      await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    }
    await expect.poll(() => page.getByText(errorsEn.OTP_BLOCK).count()).toBeGreaterThan(0);
  });

  it('[REG-6] a KTB account with a Thai name is refused with BANK_ACCOUNT_NAME_ENG (en)', async () => {
    const { page } = s;
    const phone = freshPhone();
    await useLocale(page, 'en');
    await page.goto(`${base}/register`);
    await field(page, en.register.phone).fill(phone);
    await page.getByRole('button', { name: en.common.next }).click();
    await typeOtp(page, await latestCode(phone));
    await field(page, en.register.name).fill('Somchai');
    await field(page, en.register.password).fill('first-pass-123');
    await field(page, en.register.confirmPassword).fill('first-pass-123');
    await page.getByRole('button', { name: en.common.next }).click();
    await page.getByPlaceholder(en.register.bankPlaceholder).click();
    await page
      .getByRole('option', { name: /Krungthai|กรุงไทย/ })
      .first()
      .click();
    await field(page, en.register.firstName).fill('สมชาย');
    await field(page, en.register.lastName).fill('ใจดี');
    await field(page, en.register.accountNo).fill(freshAccountNo());
    await page.getByRole('button', { name: en.register.submit }).click();
    await expect.poll(() => page.getByText(errorsEn.BANK_ACCOUNT_NAME_ENG).count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/register');
  });
});
