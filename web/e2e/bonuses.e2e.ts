// Bonuses in a real browser (BON-1, BON-2, BON-4): a member deposits by bank transfer, opens /user/bonus,
// finds a promotion code, opens the welcome bonus's modal (banners, notice, rules) and receives it; the
// page then shows the active bonus with its progress and the card marked current. docs/screenshot-bonus.png
// is taken here at a phone's size.
import { describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import {
  bankTransfer,
  logInInBrowser,
  registerMember,
  screenshot,
  useBrowser,
  type TestMember,
} from './browser.ts';

const DOCS = new URL('../../docs/', import.meta.url).pathname;

describe('bonuses in the browser', () => {
  const s = useBrowser();

  it('[BON-1] [BON-2] [BON-4] deposit, find a promotion, open the welcome bonus and receive it', async () => {
    const suffix = String(Date.now()).slice(-7);
    const m: TestMember = {
      phone: `085${suffix}`,
      password: 'a bonus please 1',
      name: 'Kanya Boonmee',
      bankCode: 'KBANK',
      bankAccountName: 'KANYA BOONMEE',
      bankAccountNo: `75${suffix}1`,
    };
    await registerMember(m);
    await bankTransfer(m, 400);
    const { page } = s;
    await logInInBrowser(page, m);
    await page.goto(`${inject('baseUrl')}/user/bonus`);
    await page.getByRole('heading', { level: 1, name: en.bonus.title }).waitFor();
    const grid = page.getByRole('list', { name: en.bonus.list });
    await grid.getByRole('button').first().waitFor();
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
    await screenshot(page, 'bonus-page');

    // BON-4: the code is typed in lower case and searched upper-cased.
    await page.getByRole('textbox', { name: en.bonus.promotion.label }).fill('krapao50');
    await page.getByRole('button', { name: en.bonus.promotion.search }).click();
    const promo = page.getByRole('dialog', { name: en.bonus.promotion.title });
    await promo.getByText('KRAPAO50', { exact: true }).waitFor();
    await promo.getByText(en.bonus.promotion.percentFail.replace('{{percent}}', '10')).waitFor();
    await page.waitForTimeout(300); // the opening transition
    await screenshot(page, 'bonus-promotion');
    await page.keyboard.press('Escape');
    await promo.waitFor({ state: 'detached' });

    // BON-2: the welcome bonus's modal, its notice filled in, and receive.
    await grid.getByRole('button', { name: 'Welcome bonus 100%' }).click();
    const modal = page.getByRole('dialog', { name: 'Welcome bonus 100%' });
    await modal.getByTestId('bonus-notice').waitFor();
    expect(await modal.getByTestId('bonus-notice').textContent()).toContain('below 10% of the bonus');
    await page.waitForTimeout(300);
    await screenshot(page, 'bonus-modal');
    await modal.getByRole('button', { name: en.bonus.modal.receive }).click();
    await modal.waitFor({ state: 'detached' });

    // BON-1: the active bonus with both exits instead of the code input; the card is current.
    const active = page.getByRole('region', { name: en.bonus.active.title });
    await active.waitFor();
    await expect.poll(() => page.getByTestId('bonus-turnover').textContent()).toBe('฿0.00 of ฿2,000.00');
    await expect
      .poll(() =>
        grid.getByRole('button', { name: 'Welcome bonus 100%' }).getByText(en.bonus.card.current).count(),
      )
      .toBe(1);
    expect(await page.getByRole('textbox', { name: en.bonus.promotion.label }).count()).toBe(0);
    // The toast said it; closed, so the picture shows the header.
    await page.getByText(/^Bonus received: ฿400\.00/).waitFor();
    await page.locator('.mantine-Notification-root button').first().click();
    await page.getByText(/^Bonus received/).waitFor({ state: 'detached' });
    await screenshot(page, 'bonus-active');
    await page.screenshot({ path: `${DOCS}screenshot-bonus.png` });
  });
});
