// Player protection in a real browser at phone size, in Thai: a deposit limit that refuses a QR beyond
// it and says what is left, a raised limit that waits 24 hours (the simulated world's clock is moved,
// POST /sim/clock, nothing sleeps), a reality check (the page's own timers moved by Playwright's clock),
// and a self-exclusion that refuses a deposit and still lets the member withdraw. The limits page is
// photographed in Thai and Lao for docs/screenshots.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import th from '../src/i18n/locales/th.json' with { type: 'json' };
import thErrors from '../src/i18n/errors/th.json' with { type: 'json' };
import la from '../src/i18n/locales/la.json' with { type: 'json' };
import {
  bankTransfer,
  docsShot,
  escapeRegExp,
  registerMember,
  screenshot,
  useBrowser,
  type TestMember,
} from './browser.ts';

const base = inject('baseUrl');
const WAIT_MS = 24 * 3_600_000 + 60_000;

const member: TestMember = {
  phone: `087${String(Date.now()).slice(-7)}`,
  password: 'protection-journey-1',
  name: 'Wipa Limits',
  bankCode: 'SCB',
  bankAccountName: 'WIPA LIMITS',
  bankAccountNo: `42${String(Date.now()).slice(-8)}`,
};

/** Moves the simulated world's clock (the server's) by `ms`. */
async function moveServerClock(ms: number) {
  const res = await fetch(`${base}/sim/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(res.status).toBe(200);
}

/** LOG-1 in Thai: a fresh sign-in through the form. */
async function logInThai(page: Page) {
  await page.goto(`${base}/login`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('locale', 'th');
  });
  await page.reload();
  await page.getByLabel(new RegExp(`^${escapeRegExp(th.login.username)}`)).fill(member.phone);
  await page.getByLabel(new RegExp(`^${escapeRegExp(th.login.password)}`)).fill(member.password);
  await page.getByRole('button', { name: th.login.submit }).click();
  await page.waitForURL(/\/user\/home$/);
}

/** The Thai limits page, loaded afresh. */
async function openLimits(page: Page) {
  await page.goto(`${base}/user/limits`);
  await page.getByRole('heading', { name: th.protection.title }).waitFor();
}

/** The day's deposit limit field (the first "per day": deposits come before losses). */
const depositDay = (page: Page) => page.getByLabel(th.protection.day).first();

/** A QR at KBANK for `amount` baht from the deposit dialog: the dialog. */
async function askQr(page: Page, amount: string) {
  await page.getByRole('button', { name: th.nav.actions }).click();
  await page.getByRole('button', { name: th.actions.deposit }).click();
  const deposit = page.getByRole('dialog', { name: th.deposit.title });
  await deposit.getByRole('tab', { name: th.deposit.sectionQr }).click();
  await deposit.getByRole('radio', { name: /KBANK/ }).click();
  await deposit
    .getByRole('textbox', { name: th.deposit.qr.amount, exact: true })
    .filter({ visible: true })
    .fill(amount);
  await deposit.getByRole('button', { name: th.deposit.qr.create }).click();
  return deposit;
}

describe('player protection in the browser (Thai, 390x844)', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 }, locale: 'th-TH' });
  let moved = 0;
  beforeAll(async () => {
    await registerMember(member);
    // The page's timers (the reality check's) run on Playwright's clock, moved by the test.
    await s.page.clock.install();
  });
  // Other browser tests on this server expect the real time again.
  afterAll(() => (moved ? moveServerClock(-moved) : undefined));

  it('[care] a deposit limit refuses a QR with what is left; a raise waits 24 hours; a reality check; a self-exclusion refuses a deposit but not a withdrawal', async () => {
    const { page } = s;
    await logInThai(page);

    // The limit first, then 300 baht by bank transfer: 200 left today.
    await openLimits(page);
    await depositDay(page).fill('500.0');
    await page.getByRole('button', { name: th.protection.save }).click();
    // Saved, the field shows the limit in force as an amount.
    await expect.poll(() => depositDay(page).inputValue()).toBe('500');
    await bankTransfer(member, 300);
    await openLimits(page);
    await expect.poll(() => page.getByTestId('deposit-left').textContent()).toMatch(/200\.00/);

    // A QR for 800 is refused before any money moves, with what is left.
    const deposit = await askQr(page, '800');
    const refusal = deposit.getByRole('alert').filter({ hasText: thErrors.DEPOSIT_LIMIT });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      new RegExp(`${escapeRegExp(th.protection.depositLeft.split('{{amount}}')[0]!)}.*200\\.00`),
    );
    await screenshot(page, 'protection-qr-refused-th');
    await page.keyboard.press('Escape');

    // A raise to 1,000 waits; confirming is not offered before its 24 hours.
    await openLimits(page);
    await depositDay(page).fill('1000');
    await page.getByRole('button', { name: th.protection.save }).click();
    const pending = page.getByTestId('pending-limits');
    await pending.waitFor();
    expect(await depositDay(page).inputValue()).toBe('500');
    expect(await pending.getByRole('button', { name: th.protection.confirm }).isDisabled()).toBe(true);

    // 24 hours later by the server's clock: signed in again, the raise is confirmed.
    await moveServerClock(WAIT_MS);
    moved += WAIT_MS;
    await logInThai(page);
    await openLimits(page);
    const ready = page.getByTestId('pending-limits');
    await expect.poll(() => ready.textContent()).toContain(th.protection.pendingReady);
    await ready.getByRole('button', { name: th.protection.confirm }).click();
    await expect.poll(() => page.getByTestId('pending-limits').count()).toBe(0);
    await expect.poll(() => depositDay(page).inputValue()).toBe('1,000');

    // The reality check every 15 minutes: moved by the page's clock, it shows and the member goes on.
    const every15 = page.getByRole('button', { name: th.protection.minutes.replace('{{count}}', '15') });
    await every15.click();
    await expect.poll(() => every15.getAttribute('aria-pressed')).toBe('true');
    // Read afresh (no toast over the header) for the documentation's pictures.
    await openLimits(page);
    await docsShot(page, 'protection-limits-th');
    await page.evaluate(() => localStorage.setItem('locale', 'la'));
    await page.goto(`${base}/user/limits`);
    await page.getByRole('heading', { name: la.protection.title }).waitFor();
    await docsShot(page, 'protection-limits-la');
    await page.evaluate(() => localStorage.setItem('locale', 'th'));
    await openLimits(page);
    // The server's clock moves with the page's, so the dialog's "signed in for" says 15 minutes.
    await moveServerClock(15 * 60_000 + 5_000);
    moved += 15 * 60_000 + 5_000;
    await page.clock.fastForward('15:05');
    const check = page.getByRole('dialog', { name: th.protection.check.title });
    await check.waitFor();
    expect(await check.textContent()).toContain(th.protection.check.net);
    await expect
      .poll(() => check.textContent())
      .toContain(th.protection.hoursMinutes.replace('{{hours}}', '0').replace('{{minutes}}', '15'));
    // Photographed once the dialog's opening transition has ended.
    await expect.poll(() => check.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, 'protection-reality-check-th');
    await check.getByRole('button', { name: th.protection.check.continue }).click();
    await expect.poll(() => check.count()).toBe(0);

    // Self-exclusion for 6 months, asked once more, at once.
    await page.getByRole('button', { name: th.protection.months.replace('{{count}}', '6') }).click();
    const sure = page.getByRole('dialog', { name: th.protection.sureTitle });
    await sure.getByRole('button', { name: th.protection.start }).click();
    await page.getByTestId('protection-block').waitFor();
    await screenshot(page, 'protection-excluded-th');

    // The deposit window says deposits are closed and offers nothing to pay into; the server refuses a QR
    // all the same; a withdrawal still goes through.
    await page.getByRole('button', { name: th.nav.actions }).click();
    await page.getByRole('button', { name: th.actions.deposit }).click();
    const closed = page.getByRole('dialog', { name: th.deposit.title });
    await closed.getByTestId('deposit-closed').waitFor();
    expect(await closed.textContent()).toContain(th.protection.depositClosedTitle);
    expect(await closed.getByRole('tab').count()).toBe(0);
    await page.keyboard.press('Escape');
    const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
    const qr = await fetch(`${base}/api/qrcode/KBANK`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'wallet-user',
        authorization: `Bearer ${token}`,
        'idempotency-key': `protection-e2e-qr-${Date.now()}`,
      },
      body: JSON.stringify({ amount: 100 }),
    });
    expect(qr.status).toBe(403);
    expect(((await qr.json()) as { message: string }).message).toBe('SELF_EXCLUDED');
    const res = await fetch(`${base}/api/wallet/withdraw`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'wallet-user',
        authorization: `Bearer ${token}`,
        'idempotency-key': `protection-e2e-${Date.now()}`,
      },
      body: JSON.stringify({ amount: 100 }),
    });
    expect(res.status).toBe(200);
  });
});
