// The first money journey in a real browser: a bank transfer from the member's registered account
// credits the wallet; the deposit modal shows where to send money; a withdrawal leaves the wallet at once,
// shows as pending, is paid out by the (simulated) bank, and the statement tells the story.
import { describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import {
  acceptAgreementsFor,
  bankTransfer,
  expectSuccessfulEntries,
  logInInBrowser,
  openDeposit,
  screenshot,
  useBrowser,
  withdrawInBrowser,
  settled,
} from './browser.ts';

const base = inject('baseUrl');
const DEMO = {
  phone: '0812345678',
  password: 'krapao-demo-1',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
};

describe('money in the browser', () => {
  const s = useBrowser();

  it('[DEP-11] [DEP-1] [DEP-5] [WD-2] [ST-1] [BAL-1] a transfer credits the wallet; a withdrawal is pending, then paid', async () => {
    const { page } = s;
    // The member sends 1,500 baht from their registered account at their own bank.
    await bankTransfer(DEMO, 1500);

    // The seeded demo member has accepted the agreements before (HOME-2 has its own browser test).
    await acceptAgreementsFor(DEMO);
    await logInInBrowser(page, DEMO);
    await expect.poll(() => page.getByText('฿1,500.00').count()).toBeGreaterThan(0);
    await screenshot(page, 'money-home-en');

    // The deposit modal shows the operator's account to transfer to (DEP-1, DEP-5).
    const deposit = await openDeposit(page);
    await expect.poll(() => deposit.getByText('048-123-4567').count()).toBeGreaterThan(0);
    await expect.poll(() => deposit.getByText('KRAPAO CO LTD').count()).toBeGreaterThan(0);
    await settled(page); // the opening transition ends before the picture
    await screenshot(page, 'money-deposit-en');
    await page.keyboard.press('Escape');

    // Withdraw 500: it leaves the wallet at once and shows as pending (WD-2).
    await withdrawInBrowser(page, '500', DEMO, 'money-withdraw-en');
    await expect.poll(() => page.getByText('฿1,000.00').count()).toBeGreaterThan(0);

    // The statement shows both; the simulated bank pays the withdrawal within moments (ST-1).
    await page.goto(`${base}/user/statement`);
    await expect.poll(() => page.getByText(en.statement.activity.deposit.BANK).count()).toBeGreaterThan(0);
    await expectSuccessfulEntries(page, 2);
    await expect.poll(() => page.getByText(en.statement.activity.withdraw).count()).toBe(1);
    await screenshot(page, 'money-statement-en');
  });
});
