// The statement a member can use, and the app they can install, in a real browser at a phone's size in
// Thai: the list narrowed to deposits and to today, a transfer that names the game, an entry opened, the
// range exported as a CSV file (read back from the download), then the same in Lao for the pictures in
// docs/screenshots. The installable app: its manifest fetched and valid, its icons PNG of the sizes it
// says, the service worker in control, and the app's shell loading again with the network gone.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import la from '../src/i18n/locales/la.json' with { type: 'json' };
import th from '../src/i18n/locales/th.json' with { type: 'json' };
import {
  bankTransfer,
  docsShot,
  logInInBrowser,
  memberApi,
  registerMember,
  sessionToken,
  settled,
  useBrowser,
  type TestMember,
} from './browser.ts';

const base = inject('baseUrl');

/** Today in Bangkok. */
const bangkokToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

async function newMember() {
  const suffix = String(Date.now()).slice(-7);
  const member: TestMember = {
    phone: `086${suffix}`,
    password: 'correct horse 1',
    name: 'Somsri Boonmee',
    bankCode: 'KBANK',
    bankAccountName: 'SOMSRI BOONMEE',
    bankAccountNo: `66${suffix}2`,
  };
  await registerMember(member);
  return { ...member, token: await sessionToken(member) };
}

type Texts = typeof th;

/** Narrows the statement to one type and to today, in the page's language. */
async function filterToday(page: Page, T: Texts, type: string) {
  const filters = page.getByRole('search', { name: T.statement.filter.label });
  await filters.getByLabel(T.statement.filter.type).selectOption(type);
  await filters.getByLabel(T.statement.filter.from).fill(bangkokToday());
  await filters.getByLabel(T.statement.filter.to).fill(bangkokToday());
  // The address keeps the filter (a reload or a shared link shows the same list).
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toEqual({ type, from: bangkokToday(), to: bangkokToday() });
}

describe('[care] the statement, exported, in the installable app', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 }, locale: 'th-TH', ownProfile: true });

  it('[ST-4] [ST-5] [ST-6] filtered to deposits, an entry opened, the range downloaded as CSV, in Thai and Lao', async () => {
    const m = await newMember();
    await bankTransfer(m, 1_500);
    await bankTransfer(m, 320.5);
    await memberApi(m.token, 'GET', '/api/wallet/activate/PG');
    await memberApi(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 200 });

    const { page } = s;
    await logInInBrowser(page, m);
    await page.evaluate(() => localStorage.setItem('locale', 'th'));
    await page.goto(`${base}/user/statement`);

    // Everything first: the transfer names the game.
    const route = page.getByTestId('statement-route');
    await expect.poll(() => route.count(), { timeout: 15_000 }).toBe(1);
    expect(await route.textContent()).toMatch(new RegExp(`^${th.statement.wallet} → \\S`));
    await expect.poll(() => page.locator('li.statement-entry').count()).toBe(3);

    // Deposits of today only.
    await filterToday(page, th, 'deposit');
    await expect.poll(() => page.locator('li[data-type="transfer"]').count()).toBe(0);
    await expect.poll(() => page.locator('li[data-type="deposit"]').count()).toBe(2);
    await docsShot(page, 'statement-filters-th');

    // A tap opens the entry: its reference, channel and status.
    await page.locator('li[data-type="deposit"]').first().getByRole('button').click();
    const detail = page.getByRole('dialog', { name: th.statement.activity.deposit.BANK });
    await detail.waitFor();
    expect(await detail.getByTestId('statement-reference').textContent()).toMatch(/^D\d+$/);
    expect(await detail.getByText(th.statement.channel.BANK, { exact: true }).count()).toBe(1);
    expect(await detail.getByText(th.statement.status.success, { exact: true }).count()).toBe(1);
    await docsShot(page, 'statement-detail-th');
    await detail.getByRole('button', { name: th.statement.detail.close }).click();
    await detail.waitFor({ state: 'detached' });

    // The export: the days on screen, downloaded with the bearer token, read back from the file.
    await page.getByRole('button', { name: th.statement.export.open }).click();
    const exporting = page.getByRole('dialog', { name: th.statement.export.title });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exporting.getByRole('button', { name: th.statement.export.submit }).click(),
    ]);
    const today = bangkokToday();
    expect(download.suggestedFilename()).toBe(`statement-${today}-${today}.csv`);
    expect(download.url()).toMatch(/^blob:/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"วันที่และเวลา","เลขอ้างอิง","รายการ","รายละเอียด","สถานะ","จำนวนเงิน","สกุลเงิน"');
    // The file holds the whole day, oldest first: both deposits and the transfer to the game.
    expect(lines.slice(1).map((l) => l.split('","').slice(2, 4).concat(l.split('","')[5]!))).toEqual([
      ['ฝากเงิน', 'โอนผ่านธนาคาร', '1500.00'],
      ['ฝากเงิน', 'โอนผ่านธนาคาร', '320.50'],
      ['โอนเงิน', expect.stringMatching(/^กระเป๋าหลัก → \S/), '200.00'],
    ]);

    // The same page in Lao.
    await page.getByRole('radio', { name: 'ລາວ' }).click();
    await page.getByRole('search', { name: la.statement.filter.label }).waitFor();
    await filterToday(page, la, 'transfer');
    await expect.poll(() => page.locator('li[data-type="transfer"]').count()).toBe(1);
    await expect.poll(() => page.locator('li[data-type="deposit"]').count()).toBe(0);
    await docsShot(page, 'statement-filters-la');
    await page.locator('li[data-type="transfer"]').getByRole('button').click();
    const transfer = page.getByRole('dialog', { name: la.statement.activity.transfer });
    await transfer.waitFor();
    expect(await transfer.getByText(la.statement.wallet, { exact: true }).count()).toBe(1);
    await docsShot(page, 'statement-detail-la');
    await transfer.getByRole('button', { name: la.statement.detail.close }).click();
  });

  it('[care] the app is installable: manifest valid, icons PNG, the worker in control, the shell opens offline', async () => {
    const { page, context } = s;
    await page.evaluate(() => localStorage.setItem('locale', 'th'));
    await page.goto(`${base}/user/home`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), body: (await res.json()) as Record<string, unknown> };
    }, href!);
    expect(manifest.type).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).toMatchObject({
      name: expect.any(String),
      short_name: 'Krapao',
      start_url: '/user/home',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#/),
      background_color: expect.stringMatching(/^#/),
    });
    // Every icon is a PNG of the size it claims; one is maskable.
    const icons = manifest.body.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => [i.sizes, i.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of icons) {
      const seen = await page.evaluate(async (src) => {
        const res = await fetch(src);
        const bitmap = await createImageBitmap(await res.blob());
        return { type: res.headers.get('content-type'), size: `${bitmap.width}x${bitmap.height}` };
      }, icon.src);
      expect(seen).toEqual({ type: 'image/png', size: icon.sizes });
    }

    // The worker registers after load, precaches the shell and takes control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    // The network is gone: the API cannot be reached, yet the shell opens from the worker's cache.
    await context.setOffline(true);
    try {
      expect(
        await page.evaluate(() =>
          fetch('/api/lookup/active').then(
            () => 'online',
            () => 'offline',
          ),
        ),
      ).toBe('offline');
      const res = await page.reload();
      expect(res?.fromServiceWorker()).toBe(true);
      await page.getByRole('navigation', { name: th.nav.memberMenu }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('link', { name: th.nav.statement }).count()).toBeGreaterThan(0);
    } finally {
      await context.setOffline(false);
    }
  });

  it('[care] an install offer moves nothing on the page on screen: it shows at the top of the next one', async () => {
    const { page } = s;
    // With the worker in control (the test above) this Chromium makes real offers too, at moments of its
    // own (a CI run's came before the home was drawn, so it showed there, as it should): only the test's
    // offer reaches the app here.
    await page.addInitScript(() =>
      window.addEventListener(
        'beforeinstallprompt',
        (event) => {
          if (event.isTrusted) event.stopImmediatePropagation();
        },
        { capture: true },
      ),
    );
    await page.goto(`${base}/user/home`);
    const card = page.locator('.game-card').first();
    await card.waitFor();
    await settled(page);
    const before = await card.boundingBox();
    // What Chrome on Android fires once it has checked the app, most often after the page is drawn.
    await page.evaluate(() =>
      window.dispatchEvent(
        Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => {} }),
      ),
    );
    const offer = page.getByRole('region', { name: th.install.button });
    await settled(page);
    expect(await offer.count()).toBe(0);
    expect(await card.boundingBox()).toEqual(before);
    // The statement is drawn after the offer: it shows there, above the page's own content.
    await page
      .getByRole('navigation', { name: th.nav.memberMenu })
      .getByRole('link', { name: th.nav.statement })
      .click();
    await offer.waitFor();
    const main = (await page.locator('main').boundingBox())!;
    expect((await offer.boundingBox())!.y).toBeLessThan(main.y + 40);
    // Back home, it is at the top there too, and dismissing it ends it.
    await page
      .getByRole('navigation', { name: th.nav.memberMenu })
      .getByRole('link', { name: th.nav.home })
      .click();
    await offer.waitFor();
    expect((await card.boundingBox())!.y).toBeGreaterThan(before!.y);
    await offer.getByRole('button', { name: th.install.dismiss }).click();
    await offer.waitFor({ state: 'detached' });
  });
});
