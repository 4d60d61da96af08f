import { notificationsStore } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, json, logIn, mockApi, walletFixture, type Handler } from './api';
import { passTime } from './clock';
import { gamesWallet, slotFixture } from './games';
import { errorEn, renderApp } from './render';
import { confirmWithPin, pinStatus } from './pin';

// ERR-3: failures loading lists, the profile, the agreements or a game's activation hide the loader and
// say nothing; a failed wallet refresh is only logged; everything else that fails tells the member.

const serverDown = () => fail('INTERNAL_SERVER_ERROR', 500);

/** Nothing was said: no alert, no toast asked for or shown, and no loader left spinning. */
async function expectQuiet(code = 'INTERNAL_SERVER_ERROR') {
  // Past the loader's delay (SH-17): a loader still pending would show by now.
  await passTime(600);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  expect(screen.queryByText(errorEn(code))).toBeNull();
  // The toasts draw in a chunk of their own, in real time: their store says at once whether one was asked for.
  const { notifications, queue } = notificationsStore.getState();
  expect([...notifications, ...queue]).toEqual([]);
}

describe('quiet failures', () => {
  // The timers are fake but keep pace with real time (shouldAdvanceTime), so the app runs as it would;
  // a wait for something not to happen moves the clock past its moment instead of waiting it out.
  beforeEach(() => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
  });
  afterEach(() => vi.useRealTimers());
  // The agreements' modal loads lazily, in real time: at hand, the clock alone decides whether it shows.
  beforeAll(async () => {
    await import('../src/features/agreements/components/AgreementsModal');
  });

  it('[ERR-3] a statement list that fails to load shows no alert and no spinner', async () => {
    logIn();
    const api = mockApi({ 'POST /api/statement': serverDown });
    await renderApp('/user/statement');
    await waitFor(() => expect(api.callsTo('POST', '/api/statement').length).toBeGreaterThan(0));
    await expectQuiet();
    // Not an empty statement either: nothing is claimed about what the list holds.
    expect(screen.queryByTestId('statement-empty')).toBeNull();
  });

  it('[ERR-3] the slip table that fails to load shows no alert and no spinner', async () => {
    logIn();
    const api = mockApi({ 'POST /api/statement/slip': serverDown });
    const { user } = await renderApp('/user/statement');
    await user.click(await screen.findByRole('button', { name: 'Deposit slips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit slips' });
    await waitFor(() => expect(api.callsTo('POST', '/api/statement/slip').length).toBeGreaterThan(0));
    await expectQuiet();
    expect(within(dialog).queryByTestId('slips-empty')).toBeNull();
  });

  it('[ERR-3] a profile that fails to load hides the loader and stays quiet', async () => {
    logIn();
    const api = mockApi({ 'GET /api/account/profile': serverDown });
    await renderApp('/user/profile');
    await waitFor(() => expect(api.callsTo('GET', '/api/account/profile').length).toBeGreaterThan(0));
    await expectQuiet();
  });

  it('[ERR-3] [HOME-2] agreements that fail to load open nothing and say nothing', async () => {
    for (const failing of ['GET /api/lookup/agreements', 'GET /api/agreements/status']) {
      logIn();
      const api = mockApi({
        'GET /api/agreements/status': () =>
          json({ version: '0123456789abcdef', accepted: false, acceptedAt: null }),
        [failing]: serverDown,
      });
      const view = await renderApp('/user/home');
      await screen.findByRole('region', { name: 'Wallet' });
      const [method, path] = failing.split(' ') as [string, string];
      await waitFor(() => expect(api.callsTo(method, path).length).toBeGreaterThan(0));
      await passTime(2_000); // past the modal's 1.5 s
      expect(screen.queryByRole('dialog')).toBeNull();
      await expectQuiet();
      view.unmount();
    }
  });

  it('[ERR-3] a wallet refresh that fails is only logged: no toast, the balances stay', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      logIn();
      mockApi({
        'GET /api/wallet': () =>
          json(walletFixture({ wallet: { amount: 700, currency: 'BAHT' }, total: 700 })),
        'GET /api/wallet/refresh/slot': () => fail('REQUEST_TIMEOUT', 504),
      });
      const { user } = await renderApp('/user/home');
      const card = await screen.findByRole('region', { name: 'Wallet' });
      await waitFor(() => expect(within(card).getByLabelText('Total balance').textContent).toBe('฿700.00'));
      await user.click(within(card).getByRole('button', { name: 'Refresh balances' }));
      await waitFor(() =>
        expect(logged).toHaveBeenCalledWith('wallet refresh failed: REQUEST_TIMEOUT', expect.anything()),
      );
      await expectQuiet('REQUEST_TIMEOUT');
      expect(within(card).getByLabelText('Total balance').textContent).toBe('฿700.00');
      expect(within(card).getByRole('button', { name: 'Refresh balances' }).hasAttribute('disabled')).toBe(
        false,
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('[ERR-3] a wallet that fails to load is logged, with dashes instead of a loader or an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      logIn();
      mockApi({ 'GET /api/wallet': serverDown });
      await renderApp('/user/home');
      const card = await screen.findByRole('region', { name: 'Wallet' });
      await waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          'wallet refresh failed: INTERNAL_SERVER_ERROR',
          expect.anything(),
        ),
      );
      expect(within(card).getByLabelText('Total balance').textContent).toBe('—');
      await expectQuiet();
    } finally {
      logged.mockRestore();
    }
  });
});

describe('failures that tell the member', () => {
  async function openFromDrawer(handlers: Record<string, Handler>, action: 'Withdraw' | 'Transfer') {
    logIn();
    const api = mockApi(handlers);
    const app = await renderApp('/user/home');
    await screen.findByRole('region', { name: 'Wallet' });
    await app.user.click(screen.getByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    await app.user.click(within(drawer).getByRole('button', { name: action }));
    const dialog = await screen.findByRole('dialog', { name: action });
    return { ...app, api, dialog };
  }

  it('[ERR-3] [ERR-1] a failed withdrawal shows the translated error', async () => {
    const { dialog, user } = await openFromDrawer(
      {
        'GET /api/wallet': () =>
          json(walletFixture({ wallet: { amount: 900, currency: 'BAHT' }, total: 900 })),
        'GET /api/account/pin': pinStatus(true),
        'POST /api/wallet/withdraw': () => fail('BONUS_REMAINING', 409),
      },
      'Withdraw',
    );
    await within(dialog).findByTestId('withdraw-limits');
    await user.type(within(dialog).getByLabelText('Amount'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await confirmWithPin(user, dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(errorEn('BONUS_REMAINING'));
    expect(errorEn('BONUS_REMAINING')).not.toBe('BONUS_REMAINING');
  });

  it('[ERR-3] [ERR-1] a failed transfer shows the translated error', async () => {
    const pg = slotFixture('PG', { active: true, amount: 250 });
    const { dialog, user } = await openFromDrawer(
      {
        'GET /api/wallet': () => json(gamesWallet(500, [pg])),
        'POST /api/wallet/transfer': () => fail('MONEY_NOT_ENOUGH', 409),
      },
      'Transfer',
    );
    const from = within(dialog).getByLabelText('From') as HTMLSelectElement;
    await waitFor(() => expect(from.options.length).toBeGreaterThan(2));
    await user.selectOptions(from, 'WALLET');
    await user.selectOptions(within(dialog).getByLabelText('To'), 'PG');
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(errorEn('MONEY_NOT_ENOUGH'));
    expect(errorEn('MONEY_NOT_ENOUGH')).not.toBe('MONEY_NOT_ENOUGH');
  });
});
