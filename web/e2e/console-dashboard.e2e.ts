// The console's dashboard in a real browser at 1440x900: members deposit, claim a bonus and play; an
// auditor signs in and reads today's figures; the charts' chunk loads with the dashboard and with no
// other page. The picture goes to docs/screenshots/console-dashboard.png.
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import {
  bankTransfer,
  memberApi,
  openDemoSlot,
  opsCall,
  registerMember,
  sessionToken,
  spinDemoSlot,
  useBrowser,
  type TestMember,
} from './browser.ts';
import { totp, totpSecret } from './staff.ts';

const base = inject('baseUrl');
const T = en.console;
const SHOTS = new URL('../../docs/screenshots/', import.meta.url).pathname;

const members: TestMember[] = [0, 1].map((i) => ({
  phone: `08677704${20 + i}`,
  password: `dashboard-member-${i}`,
  name: `Dashboard Member ${i}`,
  bankCode: 'KBANK',
  bankAccountName: `DASHBOARD MEMBER ${i}`,
  bankAccountNo: `70123404${20 + i}`,
}));

describe('console dashboard', () => {
  const browser = useBrowser({ viewport: { width: 1440, height: 900 } });

  it("[console] an auditor reads today's cash flow, GGR, bonus cost and members; the charts load with this page only", async () => {
    const [saver, player] = members as [TestMember, TestMember];
    for (const m of members) await registerMember(m);
    await bankTransfer(saver, 2_500);
    await bankTransfer(player, 1_200);
    const saverToken = await sessionToken(saver);
    await memberApi(saverToken, 'GET', '/api/bonus/activate/WELCOME100');
    const playerToken = await sessionToken(player);
    await memberApi(playerToken, 'GET', '/api/wallet/activate/PG');
    await memberApi(playerToken, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 600 });
    const slot = await openDemoSlot(playerToken);
    await spinDemoSlot(slot.session, '20.00', 15);

    const made = await opsCall('POST', '/api/ops/staff', { username: 'e2e.books', role: 'auditor' });
    const secret = totpSecret(made.totpUri);
    const page = browser.page;
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/DashboardPage-[^/]*\.(js|css)$/.test(r.url())) chunks.push(r.url());
    });
    await page.goto(`${base}/console/sign-in`);
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.reload();
    await page.getByLabel(T.signIn.username).fill('e2e.books');
    await page.getByLabel(T.signIn.password, { exact: true }).fill(String(made.oneTimePassword));
    await page.getByLabel(T.signIn.code).fill(totp(secret));
    await page.getByRole('button', { name: T.signIn.submit }).click();
    await page.getByLabel(T.password.new, { exact: true }).fill('auditor-own-passphrase-1');
    await page.getByLabel(T.password.again).fill('auditor-own-passphrase-1');
    await page.getByRole('button', { name: T.password.submit }).click();
    await page.waitForURL(/\/console$/);
    // The home, the audit and the approvals: no chart code.
    for (const entry of [T.nav.audit, T.nav.approvals]) {
      await page.getByRole('navigation').getByRole('link', { name: entry, exact: true }).click();
      await page.waitForLoadState('networkidle');
    }
    expect(chunks).toEqual([]);

    await page.getByRole('navigation').getByRole('link', { name: T.nav.dashboard, exact: true }).click();
    await page.waitForURL(/\/console\/dashboard$/);
    // Today's deposits hold at least these two (other tests deposit on the same server today).
    await expect
      .poll(async () =>
        Number((await page.getByTestId('dashboard-deposits').textContent())?.replace(/[^\d.]/g, '')),
      )
      .toBeGreaterThanOrEqual(3_700);
    await expect
      .poll(async () =>
        Number((await page.getByTestId('dashboard-bonus').textContent())?.replace(/[^\d.]/g, '')),
      )
      .toBeGreaterThanOrEqual(500);
    // The bet feed is pulled every few seconds: the rounds reach the GGR tile.
    await expect
      .poll(() => page.getByTestId('dashboard-ggr').locator('xpath=..').textContent(), { timeout: 30_000 })
      .toMatch(/[1-9]\d* rounds/);
    expect(Number(await page.getByTestId('dashboard-active').textContent())).toBeGreaterThanOrEqual(2);
    expect(await page.getByText(T.dashboard.games).count()).toBe(1);
    await page.locator('.recharts-surface').first().waitFor();
    // Its script and its styles (the charts'), once.
    expect(chunks.map((u) => u.split('.').pop()).sort()).toEqual(['css', 'js']);

    mkdirSync(SHOTS, { recursive: true });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${SHOTS}console-dashboard.png` });
  });
});
