// Kip in a real browser: a Laos build (REGION=la: the server, and the web built with VITE_REGION=la),
// in Lao, its default language. A member registers in kip with a BCEL account, deposits by a BCEL
// transfer made on the simulated bank's sandbox page and by a OnePay (LAPNet) QR paid in the gateway's
// sandbox (the QR on screen decodes to a Lao QR in kip), withdraws in kip, and reads the statement in Lao;
// a baht member of the same build is offered the Thai rails only; then the ledger checks per currency.
// The picture docs/screenshot-lao-qr.png is taken here.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import la from '../src/i18n/locales/la.json' with { type: 'json' };
import { checkCrc, field as tlvField } from '../../server/src/payments/emv-tlv.ts';
import { LAPNET_AID, parseLapnet } from '../../server/src/payments/lapnet.ts';
import { root, startServer, webDist } from '../../scripts/lib.mjs';
import {
  acceptAgreementsInBrowser,
  confirmWithdrawalInBrowser,
  postTo,
  pointerAway,
  screenshot,
  useBrowser,
  countSocketConnects,
  escapeRegExp,
  field,
  latestCodeAt,
} from './browser.ts';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
/** The operator's kip account at BCEL, which a Laos build seeds (server/src/db/seed.ts). */
const BCEL_HOUSE_ACCOUNT = '0101000123456';
/** The operator's baht account at KBANK, seeded in every build. */
const KBANK_HOUSE_ACCOUNT = '0481234567';

/**
 * The web app as a Laos build: web/dist/la, where `REGION=la npm start` builds it; under WEB_OUT_DIR, that
 * folder when it is a Laos build, else a folder of its own beside it.
 */
function laosWebDist(): string {
  if (!process.env.WEB_OUT_DIR) return webDist('la');
  const stamp = join(webDist(), '.build-stamp.json');
  if (existsSync(stamp)) {
    const { env } = JSON.parse(readFileSync(stamp, 'utf8')) as { env: Record<string, string> };
    if ((env.VITE_REGION ?? env.REGION) === 'la') return webDist();
  }
  return `${webDist()}-la`;
}

/** Builds the Laos web app into `dir` unless it is there and up to date (scripts/build-web-laos.mjs). */
async function ensureLaosBuild(dir: string) {
  const child = spawn(process.execPath, ['scripts/build-web-laos.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_OUT_DIR: dir },
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the Laos web build failed (${String(code)})`);
}

// One Laos server for this file: its own data folder, kept after the server stops for the ledger check.
const dataDir = mkdtempSync(join(tmpdir(), 'krapao-laos-'));
let base = '';
let stopServer: () => Promise<void> = async () => {};

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  postTo(base, path, body, headers);

const latestCode = (phone: string) => latestCodeAt(base, phone);

/** Money as the app shows it in Lao (SH-16): the same Intl formatting, asked of the page's browser. */
const laoMoney = (page: Page, major: number, currency: 'LAK' | 'THB') =>
  page.evaluate(
    ([amount, iso]) =>
      new Intl.NumberFormat('lo-LA', {
        style: 'currency',
        currency: iso as string,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(amount as number),
    [major, currency] as const,
  );

/** How many times the page's realtime socket was let in (browser.ts); counted from the first test on. */
let socketConnects: () => number = () => 0;

const totalBalance = (page: Page) =>
  page.getByRole('region', { name: la.wallet.card }).getByLabel(la.home.walletTotal).first().textContent();

/** The deposit dialog, opened from the action drawer (Lao). */
async function openDeposit(page: Page) {
  await page.getByRole('button', { name: la.nav.actions }).click();
  await page.getByRole('button', { name: la.actions.deposit }).click();
  return page.getByRole('dialog', { name: la.deposit.title });
}

/** Types the code into the six boxes; the step submits itself on the sixth digit. */
async function typeOtp(page: Page, code: string) {
  const boxes = page.locator('input[inputmode="numeric"]');
  await expect.poll(() => boxes.first().isEnabled()).toBe(true);
  await boxes.first().click();
  await page.keyboard.type(code, { delay: 30 });
}

const suffix = String(Date.now()).slice(-7);
/** A kip member: a Lao phone (020 + 8 digits) and a BCEL account. */
const kipMember = {
  phone: `0205${suffix}`,
  password: 'laos-journey-1',
  name: 'ສຸກສະຫວັນ ພົມມະຈັນ',
  firstName: 'SOUKSAVANH',
  lastName: 'PHOMMACHANH',
  bankAccountNo: `0101000${suffix.slice(0, 6)}`,
};
/** A baht member of the same build: a Thai phone and a KBANK account. */
const bahtMember = {
  phone: `0891${suffix.slice(1)}5`,
  password: 'laos-baht-1',
  name: 'Malee Srisuk',
  bankAccountNo: `77${suffix}1`,
};

/** REG-1..REG-8 in Lao: phone, the code from the demo SMS inbox, name and password, bank and currency. */
async function registerInBrowser(
  page: Page,
  m: { phone: string; password: string; name: string; bankAccountNo: string },
  bank: RegExp,
  names: { first: string; last: string },
  currency: 'LAK' | 'BAHT',
) {
  await page.goto(`${base}/register`);
  await field(page, la.register.phone).fill(m.phone);
  await page.getByRole('button', { name: la.common.next }).click();
  await expect.poll(() => page.getByText(la.otp.verify).count()).toBeGreaterThan(0);
  await typeOtp(page, await latestCode(m.phone));
  await field(page, la.register.name).fill(m.name);
  await field(page, la.register.password).fill(m.password);
  await field(page, la.register.confirmPassword).fill(m.password);
  await page.getByRole('button', { name: la.common.next }).click();
  // SH-3: a Laos build asks for the currency first, kip unless the member picks baht; the banks offered
  // are those that pay that currency out.
  const currencies = page.getByRole('radiogroup', { name: la.register.currency });
  await expect
    .poll(() => currencies.getByRole('radio', { name: la.register.currencyLAK }).isChecked())
    .toBe(true);
  if (currency === 'BAHT') await currencies.getByText(la.register.currencyBAHT).click();
  await page.getByPlaceholder(la.register.bankPlaceholder).click();
  const options = page.getByRole('option');
  await expect.poll(() => options.count()).toBeGreaterThan(1);
  const offered = (await options.allTextContents()).join(' ');
  expect(offered).not.toContain(currency === 'LAK' ? '(KBANK)' : '(BCEL)');
  await options.filter({ hasText: bank }).first().click();
  await field(page, la.register.firstName).fill(names.first);
  await field(page, la.register.lastName).fill(names.last);
  await field(page, la.register.accountNo).fill(m.bankAccountNo);
  await page.getByRole('button', { name: la.register.submit }).click();
  await expect.poll(() => page.getByText(la.register.doneTitle).count()).toBeGreaterThan(0);
  await page.waitForURL(/\/login$/, { timeout: 10_000 });
}

/** LOG-1 in Lao; done once the member's realtime socket is in (money arriving after shows by itself). */
async function logIn(page: Page, m: { phone: string; password: string }) {
  const connects = socketConnects();
  await field(page, la.login.username).fill(m.phone);
  await field(page, la.login.password).fill(m.password);
  await page.getByRole('button', { name: la.login.submit }).click();
  await page.waitForURL(/\/user\/home$/);
  await expect.poll(socketConnects, { timeout: 15_000 }).toBeGreaterThan(connects);
  // HOME-2: each member logs in here once, new: the agreements ask to be accepted, in Lao.
  await acceptAgreementsInBrowser(page, la);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: la.nav.logout }).first().click();
  await page.waitForURL(/\/login$/);
}

describe('a Laos build, in Lao', () => {
  beforeAll(async () => {
    const dist = laosWebDist();
    await ensureLaosBuild(dist);
    const server = await startServer({
      REGION: 'la',
      WEB_DIST: dist,
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MIN: '100000',
      REALTIME_HANDSHAKES_PER_MIN: '100000',
    });
    base = server.base;
    stopServer = server.stop;
  }, 180_000);
  afterAll(async () => {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // A Chromium in its own (English) language: Lao is the build's, not the browser's.
  const s = useBrowser();

  it('[laos-5] [SH-3] [REG-1] [REG-6] registers in Lao with kip and a BCEL account', async () => {
    const { page } = s;
    socketConnects = countSocketConnects(page);
    await page.goto(`${base}/login`);
    // Lao without being asked: the build's default language.
    await expect.poll(() => page.getByRole('button', { name: la.login.submit }).count()).toBe(1);
    // The site's name in Lao script: in the page as served (the splash, painted before any script) and
    // in the app's header.
    expect(await (await fetch(`${base}/login`)).text()).toMatch(/class="splash__name" lang="lo"\s*>ກະເປົາ</);
    expect(await page.getByRole('link', { name: 'ກະເປົາ Krapao' }).count()).toBe(1);
    await registerInBrowser(
      page,
      kipMember,
      /\(BCEL\)/,
      { first: kipMember.firstName, last: kipMember.lastName },
      'LAK',
    );
    await logIn(page, kipMember);
    await expect.poll(() => totalBalance(page)).toBe(await laoMoney(page, 0, 'LAK'));
  });

  it('[laos-5] [DEP-3] [DEP-11] [SH-16] a BCEL transfer made at the bank sandbox credits kip to the home card', async () => {
    const { page } = s;
    // DEP-3: a kip member is offered BCEL, in kip, and neither the Thai banks nor True Wallet.
    const deposit = await openDeposit(page);
    const accountNo = deposit.getByTestId('deposit-account-no');
    await expect.poll(() => accountNo.count()).toBe(1);
    expect((await accountNo.textContent())?.replace(/\D/g, '')).toBe(BCEL_HOUSE_ACCOUNT);
    expect(await deposit.getByTestId('deposit-currency').textContent()).toBe(la.currency.LAK);
    expect(await deposit.getByRole('tab', { name: la.deposit.sectionWallet }).count()).toBe(0);
    expect(await deposit.getByText(KBANK_HOUSE_ACCOUNT).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => deposit.count()).toBe(0);

    // The member's BCEL One app: here, the simulated bank's sandbox page in another tab.
    const bank = await page.context().newPage();
    await bank.goto(`${base}/sim/bank/`);
    await bank.getByLabel('From bank').selectOption('BCEL');
    await bank.getByLabel('account', { exact: true }).fill(kipMember.bankAccountNo);
    await bank.getByLabel("To the operator's account").fill(BCEL_HOUSE_ACCOUNT);
    await bank.getByLabel('Amount').fill('150000');
    await bank.getByRole('button', { name: 'Transfer' }).click();
    await expect.poll(() => bank.getByRole('cell', { name: '150,000 LAK' }).count()).toBe(1);
    await expect.poll(() => bank.getByRole('cell', { name: 'reported' }).count()).toBe(1);
    await bank.close();

    // Back on the member's tab, untouched: the kip arrives by itself.
    const kip150k = await laoMoney(page, 150_000, 'LAK');
    expect(kip150k).toContain('₭');
    await expect.poll(() => totalBalance(page), { timeout: 15_000 }).toBe(kip150k);
    // ... with a toast that says so, in kip; the member closes it.
    const toast = page
      .getByRole('alert')
      .filter({ hasText: la.realtime.received.replace('{{amount}}', kip150k) });
    await expect.poll(() => toast.count()).toBe(1);
    await toast.getByRole('button').click();
    await expect.poll(() => toast.count()).toBe(0);
  });

  it('[laos-5] [DEP-6] [DEP-7] a OnePay QR decodes to a Lao QR in kip and, paid in the sandbox, is received', async () => {
    const { page } = s;
    const deposit = await openDeposit(page);
    await deposit.getByRole('tab', { name: la.deposit.sectionQr }).click();
    // The kip member's one QR channel: ONEPAY (no Thai gateway).
    const panel = deposit.locator('.qr-panel');
    await expect.poll(() => panel.getAttribute('data-provider')).toBe('ONEPAY');
    expect(await deposit.getByRole('radiogroup', { name: la.deposit.qr.channels }).count()).toBe(0);
    // The first quick pick: 50,000 kip, the minimum.
    await deposit.getByRole('group', { name: la.deposit.qr.quickPicks }).getByRole('button').first().click();
    await deposit.getByRole('button', { name: la.deposit.qr.create }).click();

    const kip50k = await laoMoney(page, 50_000, 'LAK');
    const qr = deposit.getByRole('img', { name: la.deposit.qr.imageAlt.replace('{{amount}}', kip50k) });
    await expect.poll(() => qr.count()).toBe(1);
    expect(await deposit.getByTestId('qr-amount').textContent()).toBe(kip50k);
    await expect.poll(() => deposit.getByRole('timer').textContent()).toMatch(/^(10:00|09:5\d)$/);

    // What a Lao banking app reads from the picture on screen.
    const png = PNG.sync.read(await qr.screenshot());
    const payload = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
    const fields = checkCrc(payload, '63');
    expect(fields, `a valid CRC: ${payload}`).toBeDefined();
    expect(tlvField(fields!, '53')).toBe('418');
    expect(tlvField(fields!, '58')).toBe('LA');
    expect(tlvField(fields!, '54')).toBe('50000');
    const lapnet = parseLapnet(payload);
    expect(lapnet).toBeDefined();
    expect(tlvField(fields!, '38')?.startsWith(`0016${LAPNET_AID}`)).toBe(true);
    expect(lapnet!.amountMinor).toBe(5_000_000n);

    // The picture in docs/: the panel with the kip amount and the countdown, in Lao.
    await pointerAway(page, 5, 5);
    await page.screenshot({ path: `${DOCS}/screenshot-lao-qr.png` });

    // Someone pays it from a banking app: the gateway's sandbox, in another tab.
    const sandbox = await page.context().newPage();
    await sandbox.goto(`${base}/sim/gateway/`);
    const row = sandbox.getByRole('row').filter({ hasText: 'ONEPAY' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('50000.00 LAK');
    await row.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => sandbox.getByRole('cell', { name: 'PAID' }).count()).toBe(1);
    await sandbox.close();

    const received = deposit.getByTestId('qr-received');
    await expect.poll(() => received.count(), { timeout: 10_000 }).toBe(1);
    expect(await received.getByText(la.realtime.received.replace('{{amount}}', kip50k)).count()).toBe(1);
    // Escape reaches the dialog from inside it (the sandbox tab had the focus).
    await received.getByText(la.realtime.qrPaidNote).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => deposit.count()).toBe(0);
    await expect.poll(() => totalBalance(page)).toBe(await laoMoney(page, 200_000, 'LAK'));
  });

  it('[laos-5] [WD-2] [ST-1] [ST-2] a kip withdrawal is pending, then paid; the statement reads in Lao, in kip', async () => {
    const { page } = s;
    await page.getByRole('button', { name: la.nav.actions }).click();
    await page.getByRole('button', { name: la.actions.withdraw }).click();
    const withdraw = page.getByRole('dialog', { name: la.withdraw.title });
    await withdraw.getByLabel(new RegExp(`^${escapeRegExp(la.withdraw.amount)}`)).fill('100000');
    await withdraw.getByRole('button', { name: la.withdraw.submit }).click();
    await confirmWithdrawalInBrowser(page, withdraw, kipMember.password);
    await expect.poll(() => withdraw.getByText(la.withdraw.doneTitle).count()).toBeGreaterThan(0);
    await expect.poll(() => withdraw.getByText(la.withdraw.status.PENDING).count()).toBeGreaterThan(0);
    await withdraw.getByRole('button', { name: la.withdraw.done }).click();
    await expect.poll(() => totalBalance(page)).toBe(await laoMoney(page, 100_000, 'LAK'));

    // The statement: the BCEL transfer, the QR and the withdrawal, each successful, in Lao and in kip.
    await page.goto(`${base}/user/statement`);
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: la.statement.refresh }).click();
          return page.getByText(la.statement.status.success, { exact: true }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(3);
    const lines = page.locator('li[data-type]');
    expect(await lines.count()).toBe(3);
    expect(await page.getByText(la.statement.activity.deposit.BANK).count()).toBe(1);
    expect(await page.getByText(la.statement.activity.deposit.QR).count()).toBe(1);
    const withdrawal = page.locator('li[data-type="withdraw"]');
    expect(await withdrawal.getByText(la.statement.activity.withdraw).count()).toBe(1);
    // Paid: the bank took the payout (pending in the dialog a moment ago).
    expect(await withdrawal.getByText(la.statement.status.success, { exact: true }).count()).toBe(1);
    const text = (await page.locator('main').textContent()) ?? '';
    for (const [major, sign] of [
      [150_000, '+'],
      [50_000, '+'],
      [100_000, '-'],
    ] as const) {
      expect(text).toContain(`${sign}${await laoMoney(page, major, 'LAK')}`);
    }
    expect(text).not.toContain('฿');
    await pointerAway(page, 195, 600);
    await screenshot(page, 'laos-statement-la');
    await logOut(page);
  });

  it('[laos-5] [SH-3] [DEP-1] [DEP-3] a baht member of the Laos build is offered the Thai rails, not BCEL or OnePay', async () => {
    const { page } = s;
    await registerInBrowser(page, bahtMember, /\(KBANK\)/, { first: 'MALEE', last: 'SRISUK' }, 'BAHT');
    await logIn(page, bahtMember);
    // Baht from the member's KBANK account into the operator's KBANK account, by the bank feed.
    await post('/sim/bank/transfers', {
      fromBankCode: 'KBANK',
      fromAccountNo: bahtMember.bankAccountNo,
      toAccountNo: KBANK_HOUSE_ACCOUNT,
      amount: 1_000,
    });
    await expect.poll(() => totalBalance(page), { timeout: 15_000 }).toBe(await laoMoney(page, 1_000, 'THB'));

    const deposit = await openDeposit(page);
    const accountNos = deposit.getByTestId('deposit-account-no');
    await expect.poll(() => accountNos.count()).toBeGreaterThan(0);
    const numbers = (await accountNos.allTextContents()).map((n) => n.replace(/\D/g, ''));
    expect(numbers).toContain(KBANK_HOUSE_ACCOUNT);
    expect(numbers).not.toContain(BCEL_HOUSE_ACCOUNT);
    expect(await deposit.getByTestId('deposit-currency').count()).toBe(0);
    await deposit.getByRole('tab', { name: la.deposit.sectionQr }).click();
    const channels = deposit.getByRole('radiogroup', { name: la.deposit.qr.channels }).getByRole('radio');
    await expect.poll(() => channels.count()).toBeGreaterThan(1);
    const offered = (await channels.allTextContents()).join(' ');
    expect(offered).toContain('KBANK');
    expect(offered).not.toContain('ONEPAY');
    // True Wallet: baht only.
    await deposit.getByRole('tab', { name: la.deposit.sectionWallet }).click();
    await screenshot(page, 'laos-baht-deposit-la');
    await page.keyboard.press('Escape');
    await logOut(page);
  });

  it('[laos-5] [laos-1] the ledger check passes per currency, kip and baht', async () => {
    // PGlite has one user at a time: the server stops first, then `npm run ledger:check` reads its data.
    await stopServer();
    const out = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/ledger/check-cli.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REGION: 'la' },
      });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('exit', (code) => resolve({ code, text }));
    });
    expect(out.code, out.text).toBe(0);
    expect(out.text).toMatch(/^ {2}LAK: \d+ accounts, \d+ entries, postings sum to 0$/m);
    expect(out.text).toMatch(/^ {2}BAHT: \d+ accounts, \d+ entries, postings sum to 0$/m);
    expect(out.text).toContain('OK: every balance equals the sum of its postings.');
  });
});
