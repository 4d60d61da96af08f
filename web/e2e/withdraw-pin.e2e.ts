// Member care in a real browser, on a phone in Thai: the first withdrawal asks for a withdrawal PIN, every
// withdrawal shows a review (amount, bank, account, "cannot be cancelled") confirmed with the PIN, a
// wrong PIN is refused and moves nothing; the profile lists the sign-ins with this device marked.
import { describe, expect, inject, it } from 'vitest';
import th from '../src/i18n/locales/th.json' with { type: 'json' };
import thErrors from '../src/i18n/errors/th.json' with { type: 'json' };
import {
  bankTransfer,
  E2E_PIN,
  registerMember,
  screenshot,
  typePinInBrowser,
  useBrowser,
  type TestMember,
} from './browser.ts';

const base = inject('baseUrl');
const member: TestMember = {
  phone: `087${String(Date.now()).slice(-7)}`,
  password: 'pin-journey-1',
  name: 'Wipa Pinthong',
  bankCode: 'KBANK',
  bankAccountName: 'WIPA PINTHONG',
  bankAccountNo: `31${String(Date.now()).slice(-8)}`,
};

describe('withdrawal PIN in the browser', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('[care] [WD-2] in Thai on a phone: set a PIN at the first withdrawal, review, confirm with the PIN; a wrong PIN moves nothing', async () => {
    const { page } = s;
    await registerMember(member);
    await bankTransfer(member, 2000);

    await page.goto(`${base}/login`);
    await page.evaluate(() => localStorage.setItem('locale', 'th'));
    await page.reload();
    await page.getByLabel(new RegExp(`^${th.login.username}`)).fill(member.phone);
    await page.getByLabel(new RegExp(`^${th.login.password}`)).fill(member.password);
    await page.getByRole('button', { name: th.login.submit }).click();
    await page.waitForURL(/\/user\/home$/);
    await expect.poll(() => page.getByText('฿2,000.00').count()).toBeGreaterThan(0);

    const openWithdraw = async () => {
      await page.getByRole('button', { name: th.nav.actions }).click();
      await page.getByRole('button', { name: th.actions.withdraw, exact: true }).click();
      return page.getByRole('dialog', { name: th.withdraw.title });
    };

    // The first withdrawal: no PIN yet, so the member sets one.
    let withdraw = await openWithdraw();
    await withdraw.getByLabel(new RegExp(`^${th.withdraw.amount}`)).fill('500');
    await withdraw.getByRole('button', { name: th.withdraw.submit, exact: true }).click();
    const setPin = withdraw.getByTestId('set-pin-form');
    await setPin.getByText(th.care.pin.firstWithdrawal).waitFor();
    await setPin.locator('input[type="password"]').first().fill(member.password);
    await typePinInBrowser(page, setPin.getByTestId('new-pin'));
    await typePinInBrowser(page, setPin.getByTestId('repeat-pin'));
    await screenshot(page, 'withdraw-pin-set-th');
    await setPin.getByRole('button', { name: th.care.pin.setAndContinue }).click();

    // The review: amount, bank, account and that it cannot be cancelled, then the PIN.
    const review = withdraw.getByTestId('review-step');
    await review.waitFor();
    expect(await review.getByTestId('review-amount').textContent()).toBe('฿500.00');
    expect(await review.getByTestId('review-bank').textContent()).toBe('ธนาคารกสิกรไทย');
    expect(await review.getByTestId('review-account').textContent()).toContain('WIPA PINTHONG');
    expect(await review.getByTestId('review-warning').textContent()).toBe(th.withdraw.noCancel);
    await screenshot(page, 'withdraw-pin-review-th');
    await typePinInBrowser(page, review.getByTestId('review-pin'), E2E_PIN);
    await withdraw.getByText(th.withdraw.doneTitle).waitFor();
    await screenshot(page, 'withdraw-pin-done-th');
    await withdraw.getByRole('button', { name: th.withdraw.done }).click();
    await expect.poll(() => page.getByText('฿1,500.00').count()).toBeGreaterThan(0);

    // The second: a wrong PIN is refused on the review, then the right one pays.
    withdraw = await openWithdraw();
    await withdraw.getByLabel(new RegExp(`^${th.withdraw.amount}`)).fill('300');
    await withdraw.getByRole('button', { name: th.withdraw.submit, exact: true }).click();
    await typePinInBrowser(page, withdraw.getByTestId('review-pin'), '000001');
    await withdraw.getByText(thErrors.PIN_WRONG).waitFor();
    await screenshot(page, 'withdraw-pin-wrong-th');
    await typePinInBrowser(page, withdraw.getByTestId('review-pin'), E2E_PIN);
    await withdraw.getByText(th.withdraw.doneTitle).waitFor();
    await withdraw.getByRole('button', { name: th.withdraw.done }).click();
    await expect.poll(() => page.getByText('฿1,200.00').count()).toBeGreaterThan(0);

    // The profile: the PIN is set, and the sign-ins list this device.
    await page.goto(`${base}/user/profile`);
    await expect.poll(() => page.getByTestId('pin-state').textContent()).toBe(th.care.pin.set);
    const history = page.getByTestId('sign-in-history');
    await history.getByText(th.care.signIns.thisDevice).waitFor();
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-sign-ins-th');
  });
});
