// REF-1 in a real browser, end to end: a member loses at the demo slot yesterday (the sandbox reports the
// rigged rounds as played then: POST /sim/games/rig with playedAt), the bet feed brings them in, and the
// refund modal shows yesterday's loss and pays 5 % of it as a bonus when the member receives it. The
// friend in programmes.e2e.ts only plays today, whose refund comes after midnight.
import { describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import { losingStops } from '../../server/src/sim/slot.ts';
import {
  bankTransfer,
  logInInBrowser,
  memberApi as api,
  openDemoSlot,
  registerMember,
  screenshot,
  sessionToken,
  spinDemoSlot,
  useBrowser,
} from './browser.ts';

const base = () => inject('baseUrl');
const suffix = String(Date.now()).slice(-7);
const m = {
  phone: `086${suffix}`,
  password: 'refund my loss 1',
  name: 'Somsak Jaidee',
  bankCode: 'KBANK',
  bankAccountName: 'SOMSAK JAIDEE',
  bankAccountNo: `66${suffix}1`,
};

describe('the loss refund in the browser', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it("[REF-1] yesterday's loss at the demo slot is checked and received as a bonus of 5 %", async () => {
    const { page } = s;
    await registerMember(m);
    await bankTransfer(m, 1_000);
    const token = await sessionToken(m);
    await expect
      .poll(async () => ((await api(token, 'GET', '/api/wallet')).wallet as { amount: number }).amount, {
        timeout: 20_000,
      })
      .toBe(1_000);

    // Five losing spins of 100 baht, reported as played yesterday afternoon (Bangkok, UTC+7).
    await api(token, 'GET', '/api/wallet/activate/PG');
    await api(token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 600 });
    const game = await openDemoSlot(token);
    const stops = losingStops();
    const rigged = await fetch(`${base()}/sim/games/rig`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'PG',
        username: game.username,
        stops: Array.from({ length: 5 }, () => stops),
        playedAt: new Date(Date.now() - 24 * 3_600_000).toISOString(),
      }),
    });
    expect(rigged.status).toBe(200);
    expect(await spinDemoSlot(game.session, '100.00', 5)).toEqual(['0', '0', '0', '0', '0']);
    // The bet feed is pulled every few seconds: yesterday's 500 baht of loss, 5 % of it to receive.
    await expect
      .poll(async () => (await api(token, 'GET', '/api/refund/check')).refundAmount, { timeout: 30_000 })
      .toBe(25);

    await logInInBrowser(page, m);
    await page.getByRole('button', { name: en.nav.actions }).click();
    await page
      .getByRole('dialog', { name: en.actions.title })
      .getByRole('button', { name: en.actions.refund })
      .click();
    const refund = page.getByRole('dialog', { name: en.refund.title });
    const check = refund.getByTestId('refund-check');
    await check.waitFor();
    await expect.poll(() => check.getByTestId('refund-net-loss').textContent()).toBe('฿500.00');
    await screenshot(page, 'refund-yesterday');
    await refund.getByTestId('refund-receive').getByRole('button', { name: en.refund.receive }).click();
    await expect.poll(() => page.getByText('Refund received: ฿25.00').count()).toBeGreaterThan(0);
    await expect.poll(() => refund.getByTestId('refund-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await refund.getByTestId('refund-amount').textContent()).toBe('฿25.00');

    // One model for every reward: the refund is a bonus credit whose turnover the member can follow.
    const active = (await api(token, 'GET', '/api/rewards/active')).reward as Record<string, unknown>;
    expect(active).toMatchObject({ source: 'refund', amount: 25 });
    expect(((await api(token, 'GET', '/api/wallet')).wallet as { amount: number }).amount).toBe(425);
  });
});
