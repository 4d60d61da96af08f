// Deposits a member makes without the bank feed, in a real browser: a QR paid in the gateway's sandbox,
// and a transfer slip uploaded and verified; then a withdrawal that is pending, then paid.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import {
  bankTransfer,
  createQrInBrowser,
  expectSuccessfulEntries,
  logInInBrowser,
  openDeposit,
  payQrInSandbox,
  registerMember,
  screenshot,
  useBrowser,
  withdrawInBrowser,
  type TestMember,
  settled,
} from './browser.ts';

const base = inject('baseUrl');
const member: TestMember = {
  phone: '0861234567',
  password: 'deposit-journey-1',
  name: 'Malee Deposit',
  bankCode: 'SCB',
  bankAccountName: 'MALEE DEPOSIT',
  bankAccountNo: '4209876543',
};

const balanceShows = (page: Page, text: string) =>
  expect
    .poll(
      async () => {
        // count() does not wait: let the reloaded page fetch the wallet first.
        await page.reload({ waitUntil: 'networkidle' });
        return page.getByText(text).count();
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBeGreaterThan(0);

describe('deposits without the bank feed, in the browser', () => {
  const s = useBrowser();
  beforeAll(() => registerMember(member));

  it('[DEP-6] [DEP-7] [SLIP-1] [SLIP-3] [SLIP-5] [WD-2] a QR paid in the sandbox and a verified slip credit the wallet; a withdrawal is paid', async () => {
    const { page } = s;
    await logInInBrowser(page, member);

    // A QR for 100 baht at the operator's KBANK QR channel (DEP-6).
    let deposit = await createQrInBrowser(page);
    const qr = deposit.getByRole('img', { name: /QR code to pay/ });
    await expect.poll(() => qr.count()).toBe(1);
    await expect.poll(() => deposit.getByRole('timer').textContent()).toMatch(/^(10:00|09:5\d)$/);
    await settled(page);
    await screenshot(page, 'deposit-qr-en');

    // Someone pays it from a banking app: here, the gateway's sandbox in another tab.
    await payQrInSandbox(page);

    // The panel sees the payment by itself and says so (realtime.e2e.ts shows it in full); the member
    // closes the modal and the balance has risen (DEP-7).
    await expect.poll(() => deposit.getByText('฿100.00 received').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => deposit.count()).toBe(0);
    await balanceShows(page, '฿100.00');

    // A transfer the bank feed missed: the member uploads its slip (SLIP-1).
    const transfer = await bankTransfer(member, 250, { report: false });
    const slip = await fetch(`${base}${transfer.slipUrl as string}`);
    const file = join(mkdtempSync(join(tmpdir(), 'krapao-slip-')), 'slip.png');
    writeFileSync(file, Buffer.from(await slip.arrayBuffer()));

    deposit = await openDeposit(page);
    await deposit.getByRole('button', { name: en.deposit.slipOpen }).click();
    const upload = page.getByRole('dialog', { name: en.slips.uploadTitle });
    await upload.getByLabel(en.slips.fileLabel).setInputFiles(file);
    await expect.poll(() => upload.getByRole('img', { name: en.slips.previewAlt }).count()).toBe(1);
    await settled(page); // the deposit modal's closing transition
    await screenshot(page, 'deposit-slip-chosen-en');
    await upload.getByRole('button', { name: en.slips.submit }).click();
    await expect.poll(() => upload.getByText(en.slips.sentTitle).count()).toBeGreaterThan(0);
    await screenshot(page, 'deposit-slip-sent-en');
    await upload.getByRole('button', { name: en.slips.done }).click();

    // The statement's slip table shows it verified (SLIP-3), and the wallet holds both deposits (SLIP-5).
    await page.goto(`${base}/user/statement`);
    await page.getByRole('button', { name: en.slips.open }).click();
    const table = page.getByRole('dialog', { name: en.slips.tableTitle });
    await expect
      .poll(
        async () => {
          await table.getByRole('button', { name: en.slips.refresh }).click();
          return table.getByText(en.slips.statusLabel.SUCCESS).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect.poll(() => table.getByText('฿250.00').count()).toBeGreaterThan(0);
    await screenshot(page, 'deposit-slip-table-en');
    // Closing the table refreshes the statement behind it.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText(en.statement.activity.deposit.QR).count()).toBe(1);
    await expect
      .poll(() => page.getByText(en.statement.activity.deposit.SLIP).count(), { timeout: 15_000 })
      .toBe(1);

    // A withdrawal leaves at once, pending, then the bank pays it (WD-2).
    await page.goto(`${base}/user/home`);
    await balanceShows(page, '฿350.00');
    await withdrawInBrowser(page, '150', member);
    await expect.poll(() => page.getByText('฿200.00').count()).toBeGreaterThan(0);
    await page.goto(`${base}/user/statement`);
    await expectSuccessfulEntries(page, 3);
    await screenshot(page, 'deposit-statement-en');
  });
});
