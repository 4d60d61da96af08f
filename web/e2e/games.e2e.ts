// The whole game loop in a real browser, as a member plays it: money in by a bank transfer, the home
// carousels, a PG account opened in the game account modal, transfer and play (the launch link opens the
// simulated aggregator's demo slot), a few spins, back home, everything in PG back to the wallet through
// the action menu's transfer (winnings included), a withdrawal, the statement telling it, and the ledger
// check on the server's data. A server of its own: the ledger check reads its database once it stops.
// The pictures docs/screenshot-games-home.png, docs/screenshot-game-modal.png and
// docs/screenshot-demo-game.png are taken here, at a phone's size.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import { root, startServer } from '../../scripts/lib.mjs';
import {
  confirmWithdrawalInBrowser,
  postTo,
  registerMember,
  screenshot,
  useBrowser,
  type TestMember,
  settled,
} from './browser.ts';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'krapao-games-'));
let base = '';
let stopServer: () => Promise<void> = async () => {};

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  postTo(base, path, body, headers);

async function newMember(): Promise<TestMember> {
  const suffix = String(Date.now()).slice(-7);
  const m: TestMember = {
    phone: `086${suffix}`,
    password: 'games are fun 1',
    name: 'Anong Khemthong',
    bankCode: 'KBANK',
    bankAccountName: 'ANONG KHEMTHONG',
    bankAccountNo: `55${suffix}3`,
  };
  await registerMember(m, base);
  return m;
}

/** What the simulated aggregator holds for one account, in minor units: the other side of the ledger. */
async function providerMinor(provider: string, username: string): Promise<number | undefined> {
  const accounts = (await (await fetch(`${base}/sim/games/accounts`)).json()) as Array<{
    provider: string;
    username: string;
    balanceMinor: string;
  }>;
  const found = accounts.find((a) => a.provider === provider && a.username === username);
  return found ? Number(found.balanceMinor) : undefined;
}

const baht = (minor: number) =>
  `฿${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Stops whose middle line is 7 7 7 on the demo slot (server/test/games-play.ts): a win to show. */
const SEVENS = [11, 11, 11];

describe('games in the browser', () => {
  beforeAll(async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MIN: '100000',
      REALTIME_HANDSHAKES_PER_MIN: '100000',
    });
    base = server.base;
    stopServer = server.stop;
  }, 120_000);
  afterAll(async () => {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('[HOME-3] [GAME-1] [GAME-2] [GAME-3] [GAME-4] [TRF-1] [TRF-2] [TRF-3] [BAL-2] deposit, activate PG, transfer and play, spin, bring it all back, withdraw', async () => {
    const { page } = s;
    const m = await newMember();
    // The member sends 1,000 baht from their registered account (DEP-11).
    await post('/sim/bank/transfers', {
      fromBankCode: m.bankCode,
      fromAccountNo: m.bankAccountNo,
      toAccountNo: '0481234567',
      amount: 1_000,
    });
    await page.goto(`${base}/login`);
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.reload();
    await page.getByLabel(/^Phone number/).fill(m.phone);
    await page.getByLabel(/^Password/).fill(m.password);
    await page.getByRole('button', { name: en.login.submit }).click();
    await page.waitForURL(/\/user\/home$/);
    const card = page.getByRole('region', { name: en.wallet.card });
    const main = card.getByTestId('wallet-main');
    await expect.poll(() => main.textContent(), { timeout: 60_000 }).toBe('฿1,000.00');

    // HOME-3: a carousel per category; with several games about 2.2 cards show across the column.
    const slots = page.getByRole('region', { name: en.home.game.slot });
    const list = slots.getByRole('list');
    const across = await list.evaluate((ul) => {
      const first = ul.querySelector('li')!.getBoundingClientRect().width;
      const style = getComputedStyle(ul);
      const gap = parseFloat(style.columnGap) || 0;
      const view = ul.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return view / (first + gap);
    });
    expect(across).toBeGreaterThan(2.05);
    expect(across).toBeLessThan(2.35);
    // One lotto provider: a single card.
    const lotto = page.getByRole('region', { name: en.home.game.lotto });
    expect(await lotto.getByRole('button').count()).toBe(1);

    // GAME-4: PG has no account yet; the modal opens one (GAME-1 shows its username and password).
    await list.getByRole('button', { name: 'PG', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'PG' });
    await modal.getByRole('button', { name: en.games.activate }).click();
    const username = modal.getByLabel(en.games.username, { exact: true });
    await expect.poll(() => username.count()).toBe(1);
    const pgUser = (await username.textContent())!;
    expect(pgUser).toMatch(/^kp/);
    await modal.getByRole('button', { name: en.games.showPassword }).click();
    await expect
      .poll(() => modal.getByLabel(en.games.password, { exact: true }).textContent())
      .toMatch(/^\S{8,}$/);
    await expect.poll(() => modal.getByTestId('game-modal-wallet').textContent()).toBe('฿1,000.00');

    // GAME-3: transfer only with nothing to transfer asks for the amount and moves nothing.
    await modal.getByRole('button', { name: en.games.transferOnly, exact: true }).click();
    await expect.poll(() => modal.getByText(en.games.amountNeeded).count()).toBe(1);
    await modal.getByLabel(en.games.amount).fill('300');
    // The picture without the "account ready" toast over the modal's title.
    await expect.poll(() => page.getByText('Your PG account is ready').count(), { timeout: 15_000 }).toBe(0);
    await page.screenshot({ path: `${DOCS}screenshot-game-modal.png` });

    // The sandbox rigs PG's first spin for this account to a line of sevens, so the loop has a win in it.
    await post('/sim/games/rig', { provider: 'PG', username: pgUser, stops: [SEVENS] });

    // GAME-3 / GAME-2: transfer and play moves 300 to PG, then follows the launch link in this tab.
    await modal.getByRole('button', { name: en.games.transferAndPlay }).click();
    await page.waitForURL(/\/sim\/games\/play\//, { timeout: 30_000 });
    expect(await providerMinor('PG', pgUser)).toBe(30_000);

    // The demo slot: four spins at its first bet; the first (rigged) wins.
    const spin = page.getByTestId('spin');
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('300.00');
    for (let i = 1; i <= 4; i++) {
      await spin.click();
      await expect.poll(() => spin.getAttribute('data-done'), { timeout: 15_000 }).toBe(String(i));
      if (i === 1) {
        expect(await page.getByTestId('win').textContent()).not.toMatch(/^\D*0\.00$/);
        await page.screenshot({ path: `${DOCS}screenshot-demo-game.png` });
      }
    }
    const afterPlay = (await providerMinor('PG', pgUser))!;
    expect(afterPlay).not.toBe(30_000);
    expect(await page.getByTestId('balance').textContent()).toBe(baht(afterPlay));

    // Back to Krapao: the main wallet holds the rest; refreshing asks PG for what it holds now (BAL-2).
    await page.goto(`${base}/user/home`);
    await expect.poll(() => main.textContent()).toBe('฿700.00');
    await card.getByRole('button', { name: en.wallet.refresh }).click();
    await expect.poll(() => page.getByTestId('game-amount-PG').textContent()).toBe(baht(afterPlay));
    await settled(page);
    await page.screenshot({ path: `${DOCS}screenshot-games-home.png` });

    // The refresh tile lists PG's balance beside it.
    await page.getByRole('button', { name: en.nav.actions }).click();
    await expect.poll(() => page.getByTestId('game-balance-PG').textContent()).toBe(baht(afterPlay));
    await settled(page);
    await screenshot(page, 'games-drawer');

    // TRF-1 / TRF-3: the action menu's transfer brings everything in PG back to the wallet.
    await page.getByRole('button', { name: en.actions.transfer }).click();
    const transfer = page.getByRole('dialog', { name: en.transfer.title });
    // TRF-1: the same account on both sides is refused before anything is sent.
    await transfer.getByLabel(en.transfer.from).selectOption('WALLET');
    await transfer.getByLabel(en.transfer.to).selectOption('WALLET');
    await transfer.getByLabel(en.transfer.amount).fill('5');
    await transfer.getByRole('button', { name: en.transfer.submit }).click();
    await expect.poll(() => transfer.getByText(en.transfer.sameAccount).count()).toBe(1);
    await transfer.getByLabel(en.transfer.from).selectOption('PG');
    await transfer.getByRole('checkbox', { name: /Transfer everything/ }).check();
    await transfer.getByRole('button', { name: en.transfer.submit }).click();
    await expect.poll(() => transfer.getByText(en.transfer.doneTitle).count()).toBe(1);
    expect(await transfer.getByTestId('transferred-amount').textContent()).toBe(baht(afterPlay));
    await screenshot(page, 'games-transfer-back');
    await transfer.getByRole('button', { name: en.transfer.done }).click();
    expect(await providerMinor('PG', pgUser)).toBe(0);
    const walletMinor = 70_000 + afterPlay;
    await expect.poll(() => main.textContent()).toBe(baht(walletMinor));

    // The money leaves as it came: a withdrawal of 400, paid to the registered account (WD-2).
    await page.getByRole('button', { name: en.nav.actions }).click();
    await page.getByRole('button', { name: en.actions.withdraw }).click();
    const withdraw = page.getByRole('dialog', { name: en.withdraw.title });
    await withdraw.getByLabel(/^Amount/).fill('400');
    await withdraw.getByRole('button', { name: en.withdraw.submit }).click();
    await confirmWithdrawalInBrowser(page, withdraw, m.password);
    await expect.poll(() => withdraw.getByText(en.withdraw.doneTitle).count()).toBe(1);
    await withdraw.getByRole('button', { name: en.withdraw.done }).click();
    await expect.poll(() => main.textContent()).toBe(baht(walletMinor - 40_000));

    // ST-2: the statement tells it: the deposit, the two transfers (no sign), the withdrawal.
    await page.goto(`${base}/user/statement`);
    await expect.poll(() => page.locator('li[data-type="transfer"]').count()).toBe(2);
    await expect.poll(() => page.locator('li[data-type="deposit"]').count()).toBe(1);
    await expect.poll(() => page.locator('li[data-type="withdraw"]').count()).toBe(1);
    await screenshot(page, 'games-statement');
  });

  it('[TRF-2] the ledger check passes on the server data after the loop', async () => {
    // PGlite has one user at a time: the server stops first, then `npm run ledger:check` reads its data.
    await stopServer();
    const out = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/ledger/check-cli.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('exit', (code) => resolve({ code, text }));
    });
    expect(out.code, out.text).toBe(0);
    expect(out.text).toContain('OK: every balance equals the sum of its postings.');
  });
});
