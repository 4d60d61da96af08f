// Debian's Chromium, headless, fresh profile, at a phone's size; screenshots go under e2e/screenshots for
// people to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import { CHROMIUM_ARGS, ensureChromium, launchChromium } from '../../scripts/lib.mjs';
import { bearerCall } from './staff.ts';

const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
/** The documentation's pictures (docs/screenshots), as a member sees the screen. */
const DOCS_SHOTS = new URL('../../docs/screenshots/', import.meta.url).pathname;

export interface Session {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /** A phone's 390x844 unless told otherwise. */
  viewport?: { width: number; height: number };
  /** The browser's language, e.g. 'lo-LA': navigator.language, Accept-Language and Intl's default. */
  locale?: string;
  serviceWorkers?: 'allow' | 'block';
  /**
   * A Chromium of its own with a profile folder, for what a context of the shared one is not: Chromium
   * counts such a context as incognito, and an incognito window cannot install the app.
   */
  ownProfile?: boolean;
}

let chromiumOfRun: Promise<Browser> | undefined;

/**
 * One Chromium for the whole run, launched with a fresh profile when the first file asks for it.
 * The files run one after another in one module graph (vitest.config.ts), so this module, and the
 * browser, outlive each file; the browser closes when the run's process exits. Launching one for each
 * file's browser (some thirty) took 0.4 to 0.6 s each on an idle machine, a context takes 0.2 s.
 */
function chromiumOnce(): Promise<Browser> {
  // Playwright gives it a new profile folder of its own, removed when it closes.
  chromiumOfRun ??= chromium.launch({
    executablePath: ensureChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return chromiumOfRun;
}

/**
 * A browser of the test's own: a new context of the run's Chromium, with its own cookies, storage, cache
 * and service workers, as a new profile has. Its first page is open.
 */
export async function openBrowser(opts: BrowserOptions = {}): Promise<Session> {
  if (opts.ownProfile) return launchChromium(opts);
  const context = await (
    await chromiumOnce()
  ).newContext({
    viewport: opts.viewport ?? { width: 390, height: 844 },
    deviceScaleFactor: 1,
    ...(opts.locale ? { locale: opts.locale } : {}),
    ...(opts.serviceWorkers ? { serviceWorkers: opts.serviceWorkers } : {}),
  });
  const page = await context.newPage();
  return { context, page, close: () => context.close() };
}

/**
 * One browser for the enclosing describe: opened before its tests, closed after them. The handle's
 * fields (page, context) are there once the tests run.
 */
export function useBrowser(opts: Parameters<typeof openBrowser>[0] = {}): Session {
  const s = {} as Session;
  beforeAll(async () => {
    Object.assign(s, await openBrowser(opts));
  });
  afterAll(() => s.close());
  return s;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/**
 * Moves the pointer to (x, y), off whatever it hovered, and waits until no tooltip shows: Mantine's
 * tooltip leaves the page once its fade has ended, so a picture taken then has none over the list.
 */
export async function pointerAway(page: Page, x: number, y: number) {
  await page.mouse.move(x, y);
  await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
}

/**
 * A picture for the documentation: without the pointer's hover or a focused field's selection, once every
 * transition and finite animation on the page has ended (a dialog photographed while it fades in shows
 * the page through it); a spinner's endless turn is not waited for.
 */
export async function docsShot(page: Page, name: string) {
  mkdirSync(DOCS_SHOTS, { recursive: true });
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await settled(page);
  await page.screenshot({ path: join(DOCS_SHOTS, `${name}.png`) });
}

/**
 * Counts the times the page's realtime socket was let in (Socket.IO's connect packet, "40", received):
 * once it is, the server has put it in the member's rooms. A socket that is merely open may still be
 * waiting for that.
 */
export function countSocketConnects(page: Page): () => number {
  let connects = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith('40')) connects += 1;
    });
  });
  return () => connects;
}

/**
 * Whether the member shell hears money on the page's realtime socket yet, so that money arriving now is
 * announced by itself: the socket was let in, and the page read the wallet after that, as the shell does
 * once its listener is in place (app/realtime/useRealtime.ts refreshes on connect). The let-in alone
 * does not say so: the chat may open the page's one socket before the shell's listener is there.
 */
export function watchMoneyListening(page: Page): () => boolean {
  const connects = countSocketConnects(page);
  let walletReadAfterConnect = false;
  page.on('request', (req) => {
    if (connects() > 0 && req.method() === 'GET' && new URL(req.url()).pathname === '/api/wallet')
      walletReadAfterConnect = true;
  });
  return () => walletReadAfterConnect;
}

/**
 * Waits until the screen holds still for a picture or a measurement: every transition and finite
 * animation running has ended (a dialog's opening, a drawer's slide), the images have been decoded, and
 * the frame after that has been drawn. A spinner's endless turn is not waited for.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    await Promise.all([
      ...document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
      ...[...document.images].map((img) => img.decode().catch(() => undefined)),
    ]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * Waits until the screen holds still, as a person would see it: the same picture three times in a row.
 * For what the page's animations do not show, as the native video players' own loading ring, drawn by
 * the browser inside them, which fades out a moment after the page settles.
 */
export async function stillScreen(page: Page) {
  let last: Buffer | undefined;
  let same = 0;
  for (const giveUp = Date.now() + 20_000; Date.now() < giveUp;) {
    const shot = await page.screenshot();
    same = last?.equals(shot) ? same + 1 : 0;
    if (same === 2) return;
    last = shot;
  }
  throw new Error('the screen did not hold still for 20 s');
}

/** The withdrawal PIN the browser tests set (withdraw-pin.e2e.ts has the member's own journey). */
export const E2E_PIN = '482915';

/** Types a PIN into the six boxes inside `within` (the first box focused, the rest follow). */
export async function typePinInBrowser(page: Page, within: Locator, pin: string = E2E_PIN) {
  await within.locator('input').first().click();
  await page.keyboard.type(pin);
}

/**
 * The withdrawal dialog after its form: a member without a PIN sets one (their password, the PIN twice),
 * then the review is confirmed with the PIN (its last digit sends it).
 */
export async function confirmWithdrawalInBrowser(page: Page, withdraw: Locator, password: string) {
  const setPin = withdraw.getByTestId('set-pin-form');
  const review = withdraw.getByTestId('review-step');
  await expect.poll(async () => (await setPin.count()) + (await review.count())).toBeGreaterThan(0);
  if (await setPin.count()) {
    await setPin.locator('input[type="password"]').first().fill(password);
    await typePinInBrowser(page, setPin.getByTestId('new-pin'));
    await typePinInBrowser(page, setPin.getByTestId('repeat-pin'));
    await setPin.locator('button[type="submit"]').click();
  }
  await typePinInBrowser(page, review.getByTestId('review-pin'));
}

/** WD-2 in English: withdraws from the action drawer, through the review and the PIN; sees it pending. */
export async function withdrawInBrowser(
  page: Page,
  amount: string,
  member: { password: string },
  shot?: string,
) {
  await page.getByRole('button', { name: en.nav.actions }).click();
  await page.getByRole('button', { name: en.actions.withdraw }).click();
  const withdraw = page.getByRole('dialog', { name: en.withdraw.title });
  await withdraw.getByLabel(/^Amount/).fill(amount);
  await withdraw.getByRole('button', { name: en.withdraw.submit }).click();
  await confirmWithdrawalInBrowser(page, withdraw, member.password);
  await expect.poll(() => withdraw.getByText(en.withdraw.doneTitle).count()).toBeGreaterThan(0);
  await expect.poll(() => withdraw.getByText(en.withdraw.status.PENDING).count()).toBeGreaterThan(0);
  if (shot) await screenshot(page, shot);
  await withdraw.getByRole('button', { name: en.withdraw.done }).click();
}

/** On /user/statement in English: refreshes until `count` entries show as successful (a payout settling). */
export async function expectSuccessfulEntries(page: Page, count: number) {
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: en.statement.refresh }).click();
        return page.getByText(en.statement.status.success).count();
      },
      { timeout: 15_000 },
    )
    .toBe(count);
}

/** A member the browser tests register through the API (the register journey has its own browser test). */
export interface TestMember {
  phone: string;
  password: string;
  name: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
}

/**
 * POSTs to a test server as the web app does; anything but 200 fails the test. The answer's body. Tests
 * that start a server of their own (a Laos build, a ledger check on its data) pass its address.
 */
export async function postTo(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'wallet-user', ...headers },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** POSTs to the shared test server (postTo). */
/** A member's call, as the web app makes it (each with a key of its own); anything but 200 fails. */
export async function memberApi(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  base: string = inject('baseUrl'),
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'wallet-user',
      'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * The member's demo slot at `code` (already active), opened as the launch link opens it: its play
 * session and the provider username. Spins are then posted as its page posts them (spinDemoSlot).
 */
export async function openDemoSlot(token: string, code = 'PG', base: string = inject('baseUrl')) {
  const account = await memberApi(token, 'GET', `/api/wallet/account/${code}`, undefined, base);
  const launch = await memberApi(
    token,
    'GET',
    `/api/autoLogin/${code}/${String(account.username)}`,
    undefined,
    base,
  );
  const html = await (await fetch(new URL(String(launch.link), base))).text();
  const data = JSON.parse(/id="slot-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { session: string };
  return { session: data.session, username: String(account.username) };
}

/** `count` spins at `bet` baht ('10.00'); every one must go through. Answers the rounds' wins in minor units. */
export async function spinDemoSlot(
  session: string,
  bet: string,
  count: number,
  base: string = inject('baseUrl'),
) {
  const wins: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/sim/games/sessions/${session}/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bet }),
    });
    expect(res.status).toBe(200);
    wins.push(((await res.json()) as { winMinor: string }).winMinor);
  }
  return wins;
}

/** A call of the operator API on the shared server, as an operator arranges a programme. */
export const opsCall = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) =>
  bearerCall(inject('baseUrl'), inject('opsToken'), method, path, body);

export const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  postTo(inject('baseUrl'), path, body, headers);

/**
 * HOME-2 through the API: the member accepts the current agreements (the version the lookup answers), so
 * a browser test that is not about them lands on a home the agreements modal does not cover.
 */
export async function acceptAgreementsFor(
  m: Pick<TestMember, 'phone' | 'password'>,
  base: string = inject('baseUrl'),
) {
  const { token } = await postTo(base, '/api/login', { username: m.phone, password: m.password });
  const { version } = (await (await fetch(`${base}/api/lookup/agreements`)).json()) as { version: string };
  await postTo(base, '/api/agreements/accept', { version }, { authorization: `Bearer ${String(token)}` });
}

/**
 * HOME-2 in the browser: the agreements modal opens on the home about 1.5 s after its first screen is done
 * (lib/first-screen-done.ts); accept it.
 */
export async function acceptAgreementsInBrowser(
  page: Page,
  T: { agreements: typeof en.agreements } = en,
  shot?: string,
) {
  const dialog = page.getByRole('dialog', { name: T.agreements.title });
  await dialog.waitFor({ timeout: 15_000 });
  if (shot) {
    await settled(page);
    await screenshot(page, shot);
  }
  await dialog.getByRole('button', { name: T.agreements.accept }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Registers the member as the wizard does: the code sent to the phone, then the account; the member has
 * accepted the agreements (acceptAgreementsFor), as a member who has used the site before.
 */
export async function registerMember(m: TestMember, base: string = inject('baseUrl')) {
  const sent = await postTo(base, '/api/otp/send', { phoneNumber: m.phone });
  await postTo(base, '/api/otp/verify', { otpToken: sent.otpToken, otpCode: sent.code });
  await postTo(base, '/api/account', {
    name: m.name,
    username: m.phone,
    password: m.password,
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: m.bankCode,
    bankAccountName: m.bankAccountName,
    bankAccountNo: m.bankAccountNo,
  });
  await acceptAgreementsFor(m, base);
}

/** The member's session token, from the API's login (for a page that starts logged in). */
export async function sessionToken(m: Pick<TestMember, 'phone' | 'password'>) {
  return String((await post('/api/login', { username: m.phone, password: m.password })).token);
}

/**
 * The member sends money from their registered account to the operator's KBANK account at the simulated
 * bank; `report: false` keeps it from the bank feed (a transfer only a slip can claim).
 */
export const bankTransfer = (
  from: Pick<TestMember, 'bankCode' | 'bankAccountNo'>,
  amount: number,
  extra: { report?: boolean } = {},
) =>
  post('/sim/bank/transfers', {
    fromBankCode: from.bankCode,
    fromAccountNo: from.bankAccountNo,
    toAccountNo: '0481234567',
    amount,
    ...extra,
  });

/** LOG-1 in English: the member logs in through the form and lands on their home. */
export async function logInInBrowser(page: Page, m: Pick<TestMember, 'phone' | 'password'>) {
  await page.goto(`${inject('baseUrl')}/login`);
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await page.getByLabel(/^Phone number/).fill(m.phone);
  await page.getByLabel(/^Password/).fill(m.password);
  await page.getByRole('button', { name: en.login.submit }).click();
  await page.waitForURL(/\/user\/home$/);
}

/** The deposit dialog, opened from the action drawer (English). */
export async function openDeposit(page: Page) {
  await page.getByRole('button', { name: en.nav.actions }).click();
  await page.getByRole('button', { name: en.actions.deposit }).click();
  return page.getByRole('dialog', { name: en.deposit.title });
}

/** DEP-6 in English: a QR for 100 baht at the operator's KBANK QR channel; the deposit dialog showing it. */
export async function createQrInBrowser(page: Page) {
  const deposit = await openDeposit(page);
  await deposit.getByRole('tab', { name: en.deposit.sectionQr }).click();
  await deposit.getByRole('radio', { name: /KBANK/ }).click();
  await deposit.getByRole('group', { name: en.deposit.qr.quickPicks }).getByRole('button').nth(3).click();
  await deposit.getByRole('button', { name: en.deposit.qr.create }).click();
  return deposit;
}

/**
 * Someone pays the newest QR from a banking app: here, the gateway's sandbox in another tab. Other
 * browser tests on this server may have paid QRs of their own: this one is the one more.
 */
export async function payQrInSandbox(page: Page) {
  const sandbox = await page.context().newPage();
  await sandbox.goto(`${inject('baseUrl')}/sim/gateway/`);
  const paidBefore = await sandbox.getByRole('cell', { name: 'PAID' }).count();
  await sandbox.getByRole('button', { name: 'Pay' }).first().click();
  await expect.poll(() => sandbox.getByRole('cell', { name: 'PAID' }).count()).toBe(paidBefore + 1);
  await sandbox.close();
}

/** The newest OTP code the demo SMS gateway at `base` sent to `phone`. */
export async function latestCodeAt(base: string, phone: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const inbox = (await (await fetch(`${base}/sim/sms/inbox?phone=${phone}`)).json()) as Array<{
      text: string;
    }>;
    // The code is the text's 6-digit number, whatever language the SMS is in.
    const code = /(?<!\d)(\d{6})(?!\d)/.exec(inbox[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS for ${phone}`);
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its visible label, as a person finds it (a required field's label ends in *). */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
