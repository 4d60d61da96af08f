// The invite programme and the loss refund in a real browser (INV-1, REF-1, HOME-1): a member's friend
// registers with the member's invite link, deposits and plays the demo slot; the bet feed brings the
// rounds in; the member sees the commission on the home's invite bonus card, opens the invite modal from
// the action drawer (banners, link, the friend in the table) and receives it. The friend opens the refund
// modal: today's loss so far, refundable after midnight. docs/screenshot-invite.png is taken here.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import enErrors from '../src/i18n/errors/en.json' with { type: 'json' };
import {
  bankTransfer,
  memberApi as api,
  openDemoSlot,
  post,
  postTo,
  registerMember,
  screenshot,
  spinDemoSlot,
  useBrowser,
  type TestMember,
  settled,
} from './browser.ts';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const base = () => inject('baseUrl');

const member = (prefix: string, name: string): TestMember => {
  const suffix = String(Date.now()).slice(-7);
  return {
    phone: `${prefix}${suffix}`,
    password: 'invite a friend 1',
    name,
    bankCode: 'KBANK',
    bankAccountName: name.toUpperCase(),
    bankAccountNo: `7${prefix.slice(-1)}${suffix}1`,
  };
};

const login = async (m: TestMember) =>
  String((await post('/api/login', { username: m.phone, password: m.password })).token);

/** The friend registers with the invite code, as /register?code=PR<id> pre-fills it (SH-5). */
async function registerInvitee(m: TestMember, code: string) {
  const sent = await post('/api/otp/send', { phoneNumber: m.phone });
  await post('/api/otp/verify', { otpToken: sent.otpToken, otpCode: sent.code });
  await post('/api/account', {
    name: m.name,
    username: m.phone,
    password: m.password,
    sourceCode: 'FRIEND',
    inviteCode: code,
    bankCode: m.bankCode,
    bankAccountName: m.bankAccountName,
    bankAccountNo: m.bankAccountNo,
  });
  const token = await login(m);
  const { version } = (await (await fetch(`${base()}/api/lookup/agreements`)).json()) as { version: string };
  await postTo(base(), '/api/agreements/accept', { version }, { authorization: `Bearer ${token}` });
  return token;
}

/** The friend's play, as the demo slot's page posts it: money into PG, then spins at 50 baht. */
async function play(token: string, spins: number) {
  await api(token, 'GET', '/api/wallet/activate/PG');
  await api(token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 1_500 });
  await spinDemoSlot((await openDemoSlot(token)).session, '50.00', spins);
}

async function logInAs(page: Page, m: TestMember) {
  await page.goto(`${base()}/login`);
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await page.getByLabel(/^Phone number/).fill(m.phone);
  await page.getByLabel(/^Password/).fill(m.password);
  await page.getByRole('button', { name: en.login.submit }).click();
  await page.waitForURL(/\/user\/home$/);
}

describe('invite and refund in the browser', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('[INV-1] [HOME-1] [REF-1] a friend joins with the invite link and plays; the member receives the commission; the friend checks the refund', async () => {
    const { page } = s;
    const inviter = member('081', 'Kanya Srisuk');
    await registerMember(inviter);
    const inviterToken = await login(inviter);
    const inviterId = String(
      ((await api(inviterToken, 'GET', '/api/wallet')).profile as { _id: string })._id,
    );

    const friend = member('082', 'Preecha Wongsa');
    const friendToken = await registerInvitee(friend, `PR${inviterId}`);
    await bankTransfer(friend, 1_500);
    await expect
      .poll(
        async () => ((await api(friendToken, 'GET', '/api/wallet')).wallet as { amount: number }).amount,
        {
          timeout: 20_000,
        },
      )
      .toBe(1_500);
    await play(friendToken, 24);
    // The bet feed is pulled every few seconds: 24 spins of 50 baht earn 0.5 % of 1,200 baht.
    await expect
      .poll(
        async () => ((await api(inviterToken, 'GET', '/api/wallet')).invite as { amount: number }).amount,
        {
          timeout: 30_000,
        },
      )
      .toBe(6);

    // HOME-1: the invite bonus card, behind the switch on a phone.
    await logInAs(page, inviter);
    await page.getByRole('radio', { name: en.invite.showBonus }).check();
    const card = page.getByRole('region', { name: en.invite.cardTitle });
    await expect.poll(() => card.getByTestId('invite-card-amount').textContent()).toBe('฿6.00');
    await screenshot(page, 'invite-card');

    // INV-1: the invite modal from the action drawer.
    await page.getByRole('button', { name: en.nav.actions }).click();
    const drawer = page.getByRole('dialog', { name: en.actions.title });
    await drawer.getByRole('button', { name: en.actions.invite }).click();
    const dialog = page.getByRole('dialog', { name: en.invite.title });
    await expect.poll(() => dialog.getByTestId('invitee-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await dialog.getByTestId('invitee-name').textContent()).toBe('P*** W***');
    expect(await dialog.getByTestId('invite-link').textContent()).toBe(
      `${base()}/register?code=PR${inviterId}`,
    );
    await expect.poll(() => dialog.getByTestId('banner').count()).toBe(2);
    await settled(page); // the opening transition and the banner pictures
    await page.screenshot({ path: `${DOCS}screenshot-invite.png` });
    await dialog.getByRole('button', { name: en.invite.receive }).click();
    await expect.poll(() => page.getByText(/Invite bonus received: ฿6\.00/).count()).toBeGreaterThan(0);
    await expect.poll(() => dialog.getByTestId('invite-amount').textContent()).toBe('฿0.00');
    const reward = (await api(inviterToken, 'GET', '/api/rewards/active')).reward as Record<string, unknown>;
    expect(reward).toMatchObject({ source: 'invite', amount: 6, percentSuccess: 100 });
    await page.keyboard.press('Escape');

    // REF-1: the friend's refund modal: today's play is refundable after midnight.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await logInAs(page, friend);
    await page.getByRole('button', { name: en.nav.actions }).click();
    await page
      .getByRole('dialog', { name: en.actions.title })
      .getByRole('button', { name: en.actions.refund })
      .click();
    const refund = page.getByRole('dialog', { name: en.refund.title });
    const check = refund.getByTestId('refund-check');
    await check.waitFor();
    expect(await check.getByTestId('refund-reason').textContent()).toBe(enErrors.NO_REFUND);
    expect(await check.getByTestId('refund-current').textContent()).toMatch(/Today so far: net loss/);
    await settled(page);
    await screenshot(page, 'refund');
    // In Thai and in Lao too, the texts fit a phone.
    for (const lng of ['th', 'la'] as const) {
      await page.evaluate((l) => localStorage.setItem('locale', l), lng);
      await page.reload();
      const T = (await import(`../src/i18n/locales/${lng}.json`, { with: { type: 'json' } }))
        .default as typeof en;
      await page.getByRole('button', { name: T.nav.actions }).click();
      await page
        .getByRole('dialog', { name: T.actions.title })
        .getByRole('button', { name: T.actions.refund })
        .click();
      await page.getByRole('dialog', { name: T.refund.title }).getByTestId('refund-check').waitFor();
      await settled(page);
      await screenshot(page, `refund-${lng}`);
      await page.keyboard.press('Escape');
      await page.getByRole('radio', { name: T.invite.showBonus }).check();
      await screenshot(page, `invite-card-${lng}`);
    }
  });
});
