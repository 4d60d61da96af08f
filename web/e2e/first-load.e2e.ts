// A phone's first visit: a splash painted from the HTML alone, /login within its budget before the member
// does anything, a member's page fetching what it needs beside the app's main chunk, and Thai and Lao
// text in the self-hosted fonts, each page fetching only its own script's font. Screenshots at 390x844
// under e2e/screenshots.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import la from '../src/i18n/locales/la.json' with { type: 'json' };
import th from '../src/i18n/locales/th.json' with { type: 'json' };
import {
  openBrowser,
  registerMember,
  screenshot,
  sessionToken,
  type Session,
  type TestMember,
  acceptAgreementsFor,
  settled,
} from './browser.ts';

const base = inject('baseUrl');
const LOGIN_BUDGET_KB = 150;
/** A member of this file's own (the demo member belongs to the other browser tests). */
const member: TestMember = {
  phone: '0867770042',
  password: 'first-load-42',
  name: 'Malee Rakdee',
  bankCode: 'SCB',
  bankAccountName: 'MALEE RAKDEE',
  bankAccountNo: '4420001234',
};

/** A first visit: nothing cached, the language chosen beforehand (as a returning visitor's would be). */
async function firstVisit(page: Page, path: string, locale: 'th' | 'la') {
  await page.goto(`${base}/api/lookup/active`);
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const fonts: string[] = [];
  const assets: Array<{ url: string; type: string; body: Buffer }> = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'font') fonts.push(req.url());
  });
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    res.body().then(
      (body) => assets.push({ url: res.url(), type, body }),
      () => {},
    );
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  page.removeAllListeners('request');
  page.removeAllListeners('response');
  return { fonts, assets };
}

/**
 * The file's member's session token; the member registers on first use and accepts the agreements, as a
 * returning member has (HOME-2's dialog would otherwise open on the home and load the dialogs' code).
 */
let registered: Promise<void> | undefined;
async function memberToken() {
  await (registered ??= registerMember(member).then(() => acceptAgreementsFor(member, base)));
  return sessionToken(member);
}

const loadedFaces = (page: Page) =>
  page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family));

describe('first load', () => {
  let s: Session;
  // A first load as a new visitor has it: once an earlier test's page installed the app's service worker,
  // the worker fetched the chunks itself, out of the page's sight and routes (a race with its activation).
  beforeAll(async () => {
    s = await openBrowser({ serviceWorkers: 'block' });
  });
  afterAll(() => s.close());

  it('[trust-11] /login paints the splash from the HTML alone, before any script or stylesheet arrives', async () => {
    const { page } = s;
    await page.route(/\/assets\//, (route) => route.abort());
    try {
      await page.goto(`${base}/login`);
      const header = page.locator('.splash__header');
      expect(await header.isVisible()).toBe(true);
      expect(await header.innerText()).toContain('กระเป๋า');
      expect(await page.getByRole('progressbar').isVisible()).toBe(true);
      // The header is the app's: its dark green, full width of the phone.
      const box = await header.boundingBox();
      expect(box?.width).toBe(390);
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');
      await screenshot(page, 'first-load-splash');
    } finally {
      await page.unroute(/\/assets\//);
    }
  });

  it(`[trust-11] /login loads at most ${LOGIN_BUDGET_KB} KB gzip of script and CSS before the member does anything: no schemas, no socket, no text keys`, async () => {
    const { page } = s;
    const { assets } = await firstVisit(page, '/login', 'th');
    await page.getByRole('button', { name: th.login.submit }).waitFor();
    const gzipKb = assets.reduce((n, a) => n + gzipSync(a.body, { level: 9 }).length, 0) / 1024;
    expect(gzipKb).toBeLessThanOrEqual(LOGIN_BUDGET_KB);
    // zod names its issues "invalid_type"; the socket client is the member shell's.
    expect(assets.filter((a) => a.body.includes('invalid_type')).map((a) => a.url)).toEqual([]);
    expect(assets.filter((a) => /socket/i.test(a.url))).toEqual([]);
    // Every text /login shows came with its first part (src/i18n/first-paint.ts): no raw keys.
    expect(await page.locator('body').innerText()).not.toMatch(/\b[a-z]+\.[a-z]+[A-Z]?\w*\b/);
    expect(await page.locator('.splash').count()).toBe(0);
  });

  it("[trust-11] a member's /user/home asks for its own chunk and first answers beside the app's main chunk, not after it", async () => {
    const { page } = s;
    const token = await memberToken();
    await page.goto(`${base}/api/lookup/active`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    const asked: string[] = [];
    const onRequest = (req: { url(): string }) => asked.push(new URL(req.url()).pathname);
    // The app's main chunk (React, the router, Mantine) is held back until the member page has asked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const mainChunk = /\/assets\/app-[\w-]{8}\.js$/;
    await page.route(mainChunk, async (route) => {
      await held;
      await route.continue();
    });
    // The realtime socket stays unconnected: its first connect asks for the wallet again on purpose
    // (money may have moved before it), which is not the screens asking twice.
    await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
    page.on('request', onRequest);
    try {
      const loaded = page.goto(`${base}/user/home`);
      const memberChunk = /\/assets\/member-[\w-]{8}\.js$/;
      const cardPicture = /^\/games\/[\w-]+-bg\.webp$/;
      await expect
        .poll(
          () =>
            ['/api/account/profile', '/api/wallet'].every((p) => asked.includes(p)) &&
            asked.some((p) => memberChunk.test(p)) &&
            // HOME-3: the cards' pictures, named by the wallet's early answer, before the app has run.
            asked.some((p) => cardPicture.test(p)),
        )
        .toBe(true);
      expect(asked.some((p) => mainChunk.test(p))).toBe(true);
      release();
      await loaded;
      await page.getByRole('heading', { name: th.home.hello.replace('{{name}}', member.name) }).waitFor();
      await page.waitForFunction(() =>
        document.querySelector<HTMLElement>('.game-card')?.style.backgroundImage.includes('-bg.webp'),
      );
      await settled(page);
      // The screens took the early answers and the cards the preloaded pictures: nothing was asked twice.
      expect(asked.filter((p) => p === '/api/wallet')).toHaveLength(1);
      expect(asked.filter((p) => p === '/api/account/profile')).toHaveLength(1);
      const pictures = asked.filter((p) => cardPicture.test(p));
      expect(pictures.length).toBeGreaterThan(0);
      expect(pictures).toEqual([...new Set(pictures)]);
    } finally {
      release();
      page.off('request', onRequest);
      await page.unrouteAll();
    }
  });

  it("[trust-11] a member's /user/home builds the contract's schemas in chunks of their own, not in the member chunk's one task, and loads no dialog it does not show", async () => {
    const { page } = s;
    const token = await memberToken();
    await page.goto(`${base}/api/lookup/active`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    const { assets } = await firstVisit(page, '/user/home', 'th');
    await page.getByRole('heading', { name: th.home.hello.replace('{{name}}', member.name) }).waitFor();
    const scripts = assets.filter((a) => a.type === 'script');
    const name = (url: string) => new URL(url).pathname.split('/').pop()!;
    const memberChunk = scripts.find((a) => /^member-[\w-]{8}\.js$/.test(name(a.url)));
    expect(memberChunk, 'the member chunk').toBeDefined();
    // An endpoint's path in the member chunk means a contract namespace the home uses is named by no
    // module of src/lib/contract-parts.
    expect(memberChunk!.body.toString().match(/["'`]\/api\/[\w/{}]+/g) ?? []).toEqual([]);
    expect(scripts.map((a) => name(a.url).replace(/-[\w-]{8}\.js$/, ''))).toEqual(
      expect.arrayContaining(['contract-accounts', 'contract-wallet', 'contract-programmes']),
    );
    // What the first screen does not show waits until it is done (lib/first-screen-done.ts), the chat's
    // switch among it; a dialog nobody opened never loads (the reality check's, Mantine's modal with it).
    const loaded = () =>
      page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    await expect.poll(async () => (await loaded()).includes('/api/lookup/enableChatWidget')).toBe(true);
    expect((await loaded()).filter((p) => /\/(RealityCheckModal|FocusTrap)-/.test(p))).toEqual([]);
    // A dialog shares a Mantine module with the operator console: opening one (the conditions) brings a
    // small chunk of its own, never the console's (scripts/chunk-groups.ts), which a member's page once
    // loaded whole for it.
    await page.getByRole('button', { name: th.nav.conditions }).click();
    await expect.poll(async () => (await loaded()).some((p) => /\/FocusTrap-/.test(p))).toBe(true);
    expect((await loaded()).filter((p) => /\/assets\/console-/.test(p))).toEqual([]);
  });

  it("[trust-11] a member's /user/home shows every text from its own part: the other screens' and the error texts come after it", async () => {
    const { page } = s;
    const token = await memberToken();
    await page.goto(`${base}/api/lookup/active`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    // The texts of the other screens (the statement's among them) are held back until the home is shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const laterAsked: string[] = [];
    await page.route(/\/assets\/th-[\w-]{8}\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(`"statement"`)) {
        laterAsked.push(route.request().url());
        await held;
      }
      await route.fulfill({ response, body });
    });
    try {
      await page.goto(`${base}/user/home`);
      await page.getByRole('heading', { name: th.home.hello.replace('{{name}}', member.name) }).waitFor();
      await page.waitForFunction(() =>
        document.querySelector<HTMLElement>('.game-card')?.style.backgroundImage.includes('-bg.webp'),
      );
      // Asked for once the first screen is done, and still on its way: the home drew without it.
      await expect.poll(() => laterAsked.length).toBe(1);
      expect(await page.locator('body').innerText()).not.toMatch(/\b[a-z]+\.[a-z]+[A-Z]?\w*\b/);
    } finally {
      release();
      await page.unrouteAll({ behavior: 'wait' });
    }
  });

  it('[trust-18] Thai text is drawn in the self-hosted Noto Sans Thai, and a Thai page fetches no Lao font', async () => {
    const { page } = s;
    const { fonts } = await firstVisit(page, '/login', 'th');
    expect(fonts.some((url) => url.includes('noto-sans-thai'))).toBe(true);
    // The language switch's "ລາວ" comes from a font of its three letters (language-names-lao, under 2 KB:
    // app/fonts.css), not from Noto Sans Lao.
    expect(fonts.filter((url) => url.includes('noto-sans-lao'))).toEqual([]);
    expect(fonts.every((url) => url.startsWith(base))).toBe(true);
    expect(await loadedFaces(page)).toContain('Noto Sans Thai');
    const title = page.getByRole('heading', { name: th.login.title });
    expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Noto Sans Thai/);
    await screenshot(page, 'first-load-login-th');
  });

  it('[trust-18] Lao text is drawn in the self-hosted Noto Sans Lao', async () => {
    const { page } = s;
    const { fonts } = await firstVisit(page, '/login', 'la');
    await page.getByRole('heading', { name: la.login.title }).waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(fonts.some((url) => url.includes('noto-sans-lao'))).toBe(true);
    expect(await loadedFaces(page)).toContain('Noto Sans Lao');
    await screenshot(page, 'first-load-login-la');
  });
});
