// The operator console in a real browser at 1440x900: an admin the CLI made signs in with a TOTP code
// (computed here per RFC 6238) and chooses a password; creates a finance and a support staff member, who
// each sign in, choose a password and enrol TOTP from the QR's key; finance asks for an adjustment, the
// admin approves it; support freezes a member whose open page goes to /login; the audit log has it all.
// Screenshots of sign-in, home, member page, approvals and audit go to docs/screenshots/console-*.png.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import { opsCall, registerMember, sessionToken, useBrowser, type TestMember } from './browser.ts';
import { totp, totpSecret } from './staff.ts';

const base = inject('baseUrl');
const T = en.console;
const SHOTS = new URL('../../docs/screenshots/', import.meta.url).pathname;

const member: TestMember = {
  phone: '0867770321',
  password: 'console-journey-1',
  name: 'Console Member',
  bankCode: 'KBANK',
  bankAccountName: 'CONSOLE MEMBER',
  bankAccountNo: '7012340321',
};

/** An entry of the console's navbar. */
const nav = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true });

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // Fonts and the last paint before the picture.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}console-${name}.png` });
}

/** A fresh tab at /console/sign-in in English: the staff token lives per tab (sessionStorage). */
async function signInPage(page: Page) {
  await page.goto(`${base}/console/sign-in`);
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await page.getByLabel(T.signIn.username).waitFor();
}

async function fillSignIn(page: Page, username: string, password: string, code?: string) {
  await page.getByLabel(T.signIn.username).fill(username);
  await page.getByLabel(T.signIn.password, { exact: true }).fill(password);
  if (code) await page.getByLabel(T.signIn.code).fill(code);
  await page.getByRole('button', { name: T.signIn.submit }).click();
}

async function chooseOwnPassword(page: Page, password: string) {
  await page.getByLabel(T.password.new, { exact: true }).fill(password);
  await page.getByLabel(T.password.again).fill(password);
  await page.getByRole('button', { name: T.password.submit }).click();
}

/** First sign-in of a staff member the admin created: own password, TOTP from the QR's key; the key. */
async function firstSignIn(page: Page, username: string, oneTimePassword: string, password: string) {
  await signInPage(page);
  await fillSignIn(page, username, oneTimePassword);
  await chooseOwnPassword(page, password);
  const qr = page.getByAltText(T.enrol.qrAlt);
  await qr.waitFor();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel(T.enrol.code).fill(totp(secret));
  await page.getByRole('button', { name: T.enrol.submit }).click();
  await expect.poll(() => page.getByTestId('recovery-codes').locator('p').count()).toBe(10);
  await page.getByLabel(T.codes.saved).check();
  await page.getByRole('button', { name: T.codes.continue }).click();
  await page.waitForURL(/\/console$/);
  // Signed in again with a code, so that money actions have their fresh TOTP (5 minutes).
  await page.getByRole('button', { name: T.signOut }).click();
  await page.waitForURL(/\/console\/sign-in$/);
  await fillSignIn(page, username, password, totp(secret, 1));
  await page.waitForURL(/\/console$/);
  return secret;
}

describe('operator console', () => {
  const browser = useBrowser({ viewport: { width: 1440, height: 900 } });

  it('[console] staff sign in with TOTP, four-eyes adjustment, freeze ends the member page, all in the audit', async () => {
    await registerMember(member);
    const memberToken = await sessionToken(member);
    const { context } = browser;

    // An admin the CLI made (npm run ops -- staff-add): a one-time password and a TOTP key.
    const boot = await opsCall('POST', '/api/ops/staff', { username: 'e2e.admin', role: 'admin' });
    const adminSecret = totpSecret(boot.totpUri);
    const admin = browser.page;
    await signInPage(admin);
    await shoot(admin, 'sign-in');
    await fillSignIn(admin, 'e2e.admin', String(boot.oneTimePassword), totp(adminSecret));
    // Only the new password: its TOTP came with the CLI.
    await chooseOwnPassword(admin, 'admin-own-passphrase-1');
    await admin.waitForURL(/\/console$/);
    await expect
      .poll(() => admin.getByRole('navigation').getByRole('link').allTextContents())
      .toEqual(
        expect.arrayContaining([T.nav.home, T.nav.approvals, T.nav.members, T.nav.audit, T.nav.staff]),
      );

    // Two staff members, each with a password shown once.
    const created: Record<string, string> = {};
    await nav(admin, T.nav.staff).click();
    for (const [username, role] of [
      ['e2e.finance', T.roles.finance],
      ['e2e.support', T.roles.support],
    ] as const) {
      await admin.getByLabel(T.staff.username, { exact: true }).fill(username);
      await admin.getByRole('combobox', { name: T.staff.role, exact: true }).click();
      await admin.getByRole('option', { name: role }).click();
      await admin.getByRole('button', { name: T.staff.create }).click();
      const dialog = admin.getByRole('dialog', { name: T.staff.createdTitle });
      created[username] = (await dialog.getByTestId('one-time-password').textContent())!;
      await dialog.getByRole('button', { name: T.done }).click();
      await dialog.waitFor({ state: 'detached' });
      await admin.getByTestId(`staff-${username}`).waitFor();
    }

    // Finance (a tab of its own) enrols, then asks for a credit of 500 for the member.
    const finance = await context.newPage();
    await firstSignIn(finance, 'e2e.finance', created['e2e.finance']!, 'finance-own-passphrase-1');
    await expect
      .poll(() => finance.getByRole('navigation').getByRole('link').allTextContents())
      .toEqual(expect.arrayContaining([T.nav.home, T.nav.approvals, T.nav.members]));
    // What finance may not do is not in its menu.
    expect(await finance.getByRole('navigation').getByRole('link').allTextContents()).not.toContain(
      T.nav.staff,
    );
    expect(await finance.getByRole('navigation').getByRole('link').allTextContents()).not.toContain(
      T.nav.audit,
    );
    await nav(finance, T.nav.members).click();
    await finance.getByLabel(T.members.search).fill(member.phone);
    await finance.getByText(member.name).click();
    await finance.getByRole('heading', { name: member.name }).waitFor();
    await finance.getByRole('button', { name: T.adjust.open }).click();
    const adjust = finance.getByRole('dialog', { name: T.adjust.title });
    await adjust.getByLabel('Amount').fill('500');
    await adjust.getByLabel(T.reason.required).fill('e2e goodwill credit');
    await adjust.getByRole('button', { name: T.adjust.submit }).click();
    await finance.getByText(T.adjust.sent).waitFor();

    // Finance cannot approve its own request (four-eyes: the console offers it no decision, and the
    // server refuses one, server/test/console.test.ts); the admin can.
    await nav(finance, T.nav.approvals).click();
    const own = finance.locator('[data-testid^="approval-"]').filter({ hasText: T.approvals.yours });
    await own.waitFor();
    expect(await own.textContent()).toContain('500.00 THB');
    expect(await own.getByRole('button').count()).toBe(0);

    await nav(admin, T.nav.home).click();
    await expect.poll(() => admin.getByTestId('tile-approvals').textContent()).toBe('1');
    await shoot(admin, 'home');
    await nav(admin, T.nav.approvals).click();
    await admin.getByText('500.00 THB').waitFor();
    await shoot(admin, 'approvals');
    await admin.getByRole('button', { name: T.approvals.approve }).first().click();
    const decide = admin.getByRole('dialog', { name: T.approvals.approveTitle });
    await decide.getByLabel(T.reason.optional).fill('checked with the member');
    await decide.getByRole('button', { name: T.approvals.approve }).click();
    await admin.getByText(T.approvals.approved).waitFor();

    // Support (a tab of its own) enrols, finds the member and freezes them while their page is open.
    const memberPage = await context.newPage();
    await memberPage.goto(`${base}/login`);
    await memberPage.evaluate((token) => localStorage.setItem('token', token), memberToken);
    await memberPage.goto(`${base}/user/home`);
    await memberPage.waitForURL(/\/user\/home$/);

    const support = await context.newPage();
    await firstSignIn(support, 'e2e.support', created['e2e.support']!, 'support-own-passphrase-1');
    await nav(support, T.nav.members).click();
    await support.getByLabel(T.members.search).fill(member.phone);
    await support.getByText(member.name).click();
    // The approved credit is in the wallet.
    await expect.poll(() => support.getByTestId('member-wallet').textContent()).toBe('500.00 THB');
    // The credit is a line of the member's statement, as the member reads it.
    const statement = support.getByTestId('member-statement');
    await statement.getByText(en.statement.activity.deposit.ADJUSTMENT).waitFor();
    expect(await statement.textContent()).toContain('+500.00 THB');
    // A note for whoever looks next; their sign-in (the member's open page) is listed.
    await support.getByRole('tab', { name: T.member.tabs.notes }).click();
    await support.getByLabel(T.member.notes.new).fill('e2e: credit explained to the member by phone');
    await support.getByRole('button', { name: T.member.notes.add }).click();
    await support
      .getByTestId('member-notes')
      .getByText('e2e: credit explained to the member by phone')
      .waitFor();
    await support.getByRole('tab', { name: T.member.tabs.signIns }).click();
    await support.getByTestId('member-sign-ins').waitFor();
    await support.getByRole('tab', { name: T.member.tabs.statement }).click();
    await statement.waitFor();
    await shoot(support, 'member');
    await support.getByRole('button', { name: T.freeze.freeze }).click();
    const freeze = support.getByRole('dialog', { name: T.freeze.freezeTitle });
    await freeze.getByLabel(T.reason.required).fill('e2e account takeover suspected');
    await freeze.getByRole('button', { name: T.freeze.freeze }).click();
    await support.getByText(T.freeze.done).waitFor();
    await memberPage.waitForURL(/\/login$/, { timeout: 20_000 });

    // The admin finds every step in the audit log, and the page is a deep link the server serves.
    await admin.goto(`${base}/console/audit`);
    await admin.getByRole('heading', { name: T.audit.title }).waitFor();
    const actions = () => admin.locator('table tbody tr').allTextContents();
    await expect.poll(async () => (await actions()).join('\n')).toMatch(/member\.freeze/);
    const log = (await actions()).join('\n');
    for (const action of ['approval.approve.adjustment', 'staff.create', 'sign-in', 'member.note']) {
      expect(log).toContain(action);
    }
    // Each in words too, above its code.
    for (const words of [
      T.audit.actions.member_freeze,
      T.audit.actions.member_note,
      T.audit.actions.staff_create,
    ])
      expect(log).toContain(words);
    // Not while the table asks again (a staff action's nudge): its rows are greyed then.
    await admin.waitForLoadState('networkidle');
    await shoot(admin, 'audit');
    await admin.getByLabel(T.audit.actor).fill('e2e.support');
    await admin.getByRole('button', { name: T.audit.apply }).click();
    await expect.poll(async () => (await actions()).every((row) => row.includes('e2e.support'))).toBe(true);
  });
});
