// In a real browser: money arrives by itself (a QR paid in the gateway's sandbox turns into "received", a
// bank transfer shows a toast and the new balance, with no reload and no click), over the realtime socket
// the CSP allows; and "Save QR" gives a PNG a banking app can read.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import {
  bankTransfer,
  createQrInBrowser,
  logInInBrowser,
  payQrInSandbox,
  registerMember,
  useBrowser,
  watchMoneyListening,
  type TestMember,
  settled,
} from './browser.ts';

const member: TestMember = {
  phone: '0867654321',
  password: 'realtime-journey-1',
  name: 'Noi Realtime',
  bankCode: 'KTB',
  bankAccountName: 'NOI REALTIME',
  bankAccountNo: '6601234567',
};
const DOCS = new URL('../../docs/', import.meta.url).pathname;

const totalBalance = (page: Page) =>
  page.getByRole('region', { name: en.wallet.card }).getByLabel(en.home.walletTotal).first().textContent();

describe('money arrives by itself, in the browser', () => {
  const s = useBrowser();
  const sockets: string[] = [];
  const consoleErrors: string[] = [];
  let moneyListening: () => boolean = () => false;
  beforeAll(async () => {
    await registerMember(member);
    s.page.on('websocket', (ws) => sockets.push(ws.url()));
    moneyListening = watchMoneyListening(s.page);
    s.page.on('console', (msg) => msg.type() === 'error' && consoleErrors.push(msg.text()));
    await logInInBrowser(s.page, member);
  });

  it('[DEP-11] [HOME-1] a bank transfer shows "received" and the new balance on the home card, unasked', async () => {
    const { page } = s;
    await expect.poll(() => totalBalance(page)).toBe('฿0.00');
    // The member's one socket, over WebSocket on the page's own origin (the CSP's connect-src 'self').
    await expect.poll(() => sockets.filter((u) => u.includes('/socket.io/')).length).toBe(1);
    // Let in and listened to, not only open: a transfer announced before then would reach no room of this
    // member's, or no listener on the page.
    await expect.poll(moneyListening).toBe(true);
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);

    await bankTransfer(member, 1500);
    await expect.poll(() => page.getByText('฿1,500.00 received').count()).toBeGreaterThan(0);
    await expect.poll(() => totalBalance(page)).toBe('฿1,500.00');
  });

  it('[DEP-7] [trust-8] [trust-10] a QR paid in the sandbox turns into "received" with no reload or click; the saved QR reads back', async () => {
    const { page } = s;
    const deposit = await createQrInBrowser(page);
    await expect.poll(() => deposit.getByRole('timer').count()).toBe(1);

    // Save QR: a PNG with the QR a banking app reads, the amount and the time to pay by.
    const save = deposit.getByRole('button', { name: en.qrSave.save });
    await expect.poll(() => save.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toMatch(/^krapao-qr-Q[0-9A-F]+\.png$/);
    const png = PNG.sync.read(readFileSync((await download.path())!));
    expect([png.width, png.height]).toEqual([720, 1040]);
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(read?.data).toMatch(/^000201/);
    expect(read?.data).toContain('5406100.00'); // EMVCo tag 54: the amount, 100.00
    await download.saveAs(`${DOCS}/screenshot-qr-saved.png`);

    // Someone pays it from a banking app: the gateway's sandbox, in another tab.
    await payQrInSandbox(page);

    // Back on the member's tab, untouched: the QR says it was received, the countdown and badge are gone.
    const received = deposit.getByTestId('qr-received');
    await expect.poll(() => received.count(), { timeout: 10_000 }).toBe(1);
    expect(await received.getByText('฿100.00 received').count()).toBe(1);
    expect(await deposit.getByRole('timer').count()).toBe(0);
    expect(await deposit.getByTestId('qr-live').count()).toBe(0);
    await expect.poll(() => totalBalance(page)).toBe('฿1,600.00');
    await settled(page);
    await page.screenshot({ path: `${DOCS}/screenshot-qr-received.png` });
  });
});
