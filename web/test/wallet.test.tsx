import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/lib/format';
import { STORAGE_KEYS } from '../src/lib/storage';
import { json, mockApi, walletFixture, logIn } from './api';
import { renderApp } from './render';

const SYNCED_AT = '2026-01-02T03:04:05.000Z';

const richWallet = walletFixture({
  wallet: { amount: 1500.5, currency: 'BAHT' },
  slots: [
    { code: 'PG', name: 'PG Slot', category: 'slot', amount: 250.25, active: true },
    { code: 'UFABET', name: 'UFABET', category: 'sport', amount: 100, active: true },
  ],
  total: 1850.75,
});

describe('wallet', () => {
  it('[BAL-1] [HOME-1] the wallet card shows the total, the main wallet and what sits in games', async () => {
    logIn();
    mockApi({ 'GET /api/wallet': () => json(richWallet) });
    await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() => expect(within(card).getByLabelText('Total balance').textContent).toBe('฿1,850.75'));
    expect(within(card).getByTestId('wallet-main').textContent).toBe('฿1,500.50');
    expect(within(card).getByTestId('wallet-games').textContent).toBe('฿350.25');
    // The placeholder is gone; the games shown are the wallet's own (HOME-3, games.test.tsx).
    expect(within(card).queryByText('Coming soon')).toBeNull();
    expect(screen.getByRole('button', { name: 'PG Slot' })).toBeTruthy();
    expect(screen.queryByText('Joker')).toBeNull();
  });

  it('[BAL-2] [HOME-1] refresh calls refresh/slot, shows the sync time and keeps it in the browser', async () => {
    logIn();
    const api = mockApi({
      'GET /api/wallet': () => json(richWallet),
      'GET /api/wallet/refresh/slot': () =>
        json(walletFixture({ ...richWallet, total: 1900.75, lastSyncAt: SYNCED_AT })),
    });
    const { user } = await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() =>
      expect(within(card).getByTestId('last-sync').textContent).toBe('Game balances not checked yet'),
    );
    expect(localStorage.getItem(STORAGE_KEYS.lastSync)).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Refresh balances' }));
    await waitFor(() =>
      expect(within(card).getByTestId('last-sync').textContent).toBe(`Updated ${formatDateTime(SYNCED_AT)}`),
    );
    expect(within(card).getByLabelText('Total balance').textContent).toBe('฿1,900.75');
    expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.lastSync)).toBe(SYNCED_AT);
  });

  it('[BAL-2] [SH-11] the drawer tile shows the real total and last sync, and refreshes', async () => {
    logIn();
    const api = mockApi({
      'GET /api/wallet': () => json(richWallet),
      'GET /api/wallet/refresh/slot': () => json(walletFixture({ ...richWallet, lastSyncAt: SYNCED_AT })),
    });
    const { user } = await renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    const tile = within(drawer).getByRole('button', { name: /Refresh balances/ });
    await waitFor(() => expect(tile.textContent).toContain('฿1,850.75'));
    expect(tile.textContent).toContain('Game balances not checked yet');
    await user.click(tile);
    await waitFor(() => expect(tile.textContent).toContain(formatDateTime(SYNCED_AT)));
    expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(1);
  });

  it('[SH-14] the wallet paints from the cached user info, and its answer joins that cache', async () => {
    logIn();
    const { profile, ...rest } = walletFixture({ ...richWallet, total: 777, lastSyncAt: SYNCED_AT });
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ...profile, ...rest }));
    mockApi({ 'GET /api/wallet': () => new Promise<Response>(() => {}) });
    await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Wallet' });
    expect(within(card).getByLabelText('Total balance').textContent).toBe('฿777.00');
    expect(within(card).getByTestId('last-sync').textContent).toBe(`Updated ${formatDateTime(SYNCED_AT)}`);
  });

  it('[SH-14] the profile and the wallet share the cached user info without erasing each other', async () => {
    logIn();
    mockApi({ 'GET /api/wallet': () => json(richWallet) });
    await renderApp('/user/home');
    await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() => {
      const info = JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}');
      expect(info.name).toBe('Somchai Jaidee');
      expect(info.total).toBe(1850.75);
      expect(info.wallet).toEqual({ amount: 1500.5, currency: 'BAHT' });
    });
  });
});

describe('balances after play', () => {
  const setVisibility = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('[BAL-2] coming back to the page (hidden, then visible) refreshes the game balances, and the total follows', async () => {
    logIn();
    const api = mockApi({
      'GET /api/wallet': () => json(richWallet),
      'GET /api/wallet/refresh/slot': () =>
        json(walletFixture({ ...richWallet, total: 1700.75, lastSyncAt: SYNCED_AT })),
    });
    await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() => expect(within(card).getByLabelText('Total balance').textContent).toBe('฿1,850.75'));
    // A visibilitychange that is not a return (the page was never hidden) asks nothing.
    setVisibility('visible');
    setVisibility('hidden');
    expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(0);
    setVisibility('visible');
    await waitFor(() => expect(within(card).getByLabelText('Total balance').textContent).toBe('฿1,700.75'));
    expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(1);
  });

  it("[BAL-2] opening a game's modal refreshes the game balances", async () => {
    logIn();
    const api = mockApi({
      'GET /api/wallet': () => json(richWallet),
      'GET /api/wallet/refresh/slot': () =>
        json(walletFixture({ ...richWallet, total: 1700.75, lastSyncAt: SYNCED_AT })),
    });
    const { user } = await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Wallet' });
    await user.click(await screen.findByRole('button', { name: 'PG Slot' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(1));
    await waitFor(() => expect(within(card).getByLabelText('Total balance').textContent).toBe('฿1,700.75'));
  });
});
