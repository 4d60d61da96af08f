import type { Protection, QrcodeRecord } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QR_POLL_MS } from '../src/features/deposits/api/get-qrcode';
import { json, logIn, mockApi, protectionFixture, walletFixture, type Handler } from './api';
import { accountFixture, gamesWallet, slotFixture } from './games';
import { depositChannel, depositLookup, liveQr, openDepositFromHome, qrRecord } from './deposit-modal';
import { realtimeStub } from './realtime';
import { renderApp } from './render';

// Money arrives by itself. The member shell's socket (played by realtimeStub) nudges the app, which asks
// the API again; a paid QR turns into "received"; without a socket the QR panel polls.

const unpaidQr = () => liveQr(300, 540_000);
const paidQr = () => qrRecord({ qrcodeId: 'Q1', amount: 300, paidAt: Date.now() });
// Two QR channels, so the channel picker (and its "QR ready" badge) shows.
const lookup = depositLookup([depositChannel('WW'), depositChannel('PAYTIMZ')]);

/** The member shell with the deposit modal open on the QR tab, answering the QR from `qr()`. */
async function openQrPanel(qr: () => QrcodeRecord) {
  const app = await openDepositFromHome(lookup, {
    'GET /api/qrcode/WW': () => json(qr()),
    'GET /api/qrcode/PAYTIMZ': () => json(qrRecord()),
  });
  await app.user.click(await within(app.dialog).findByRole('tab', { name: 'QR code' }));
  const panel = await within(app.dialog).findByRole('group', { name: 'WW Pay' });
  return { ...app, panel };
}

describe('money arrives by itself', () => {
  it('[HOME-1] [DEP-11] a credited transfer heard on the socket shows "received" and the new balance, unasked', async () => {
    logIn();
    let balance = 0;
    const wallet: Handler = () =>
      json(walletFixture({ wallet: { amount: balance, currency: 'BAHT' }, total: balance }));
    const api = mockApi({ 'GET /api/wallet': wallet });
    await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() => expect(within(card).getByLabelText('Total balance').textContent).toBe('฿0.00'));
    // The socket opens once the first screen has painted.
    await waitFor(() => expect(realtimeStub.opened()).toEqual(['tok_member']));
    realtimeStub.connect();

    balance = 1500;
    const asked = api.callsTo('GET', '/api/wallet').length;
    // One commit announces the deposit and the balance: one round of asking again.
    realtimeStub.send({ type: 'deposit', depositId: 'D7', channel: 'BANK', status: 'SUCCESS', amount: 1500 });
    realtimeStub.send({ type: 'balance' });
    expect(await screen.findByText('฿1,500.00 received')).toBeTruthy();
    await waitFor(() => expect(within(card).getByLabelText('Total balance').textContent).toBe('฿1,500.00'));
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(asked + 1);
  });

  it('[HOME-1] events that are not money received refresh without a toast; logging out closes the socket', async () => {
    logIn();
    const api = mockApi({ 'POST /api/logout': () => json({ ok: true }) });
    const { user } = await renderApp('/user/home');
    await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() => expect(realtimeStub.isOpen()).toBe(true));
    realtimeStub.connect();
    const asked = api.callsTo('GET', '/api/wallet').length;
    realtimeStub.send({ type: 'withdrawal', withdrawalId: 'W1', status: 'FAILED', amount: 100 });
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(asked));
    expect(screen.queryByText(/received/)).toBeNull();

    expect(realtimeStub.isOpen()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(realtimeStub.isOpen()).toBe(false));
  });

  it('[care] a block staff place while a game account is open closes play there, unasked', async () => {
    logIn();
    let block: Protection['block'] = null;
    const games = () => json(gamesWallet(500, [slotFixture('PG', { active: true, amount: 250 })]));
    const api = mockApi({
      'GET /api/wallet': games,
      // An opened game account asks the providers for the game balances (BAL-2).
      'GET /api/wallet/refresh/slot': games,
      'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
      'GET /api/protection': () => json(protectionFixture({ block })),
    });
    const { user } = await renderApp('/user/home');
    await waitFor(() => expect(realtimeStub.isOpen()).toBe(true));
    realtimeStub.connect();
    await user.click(await screen.findByRole('button', { name: 'PG' }));
    const dialog = await screen.findByRole('dialog', { name: 'PG' });
    expect(await within(dialog).findByRole('button', { name: 'Transfer & play' })).toBeTruthy();

    block = { kind: 'TIMEOUT', until: new Date(Date.now() + 7 * 86_400_000).toISOString() };
    const asked = api.callsTo('GET', '/api/protection').length;
    realtimeStub.send({ type: 'protection' });
    expect((await within(dialog).findByTestId('play-closed')).textContent).toContain(
      'No play during your break',
    );
    expect(within(dialog).queryByRole('button', { name: 'Transfer & play' })).toBeNull();
    expect(api.callsTo('GET', '/api/protection')).toHaveLength(asked + 1);
  });

  it('[care] a reconnect asks for the protection state again (changes may have been missed); the first connect does not', async () => {
    logIn();
    const api = mockApi({});
    await renderApp('/user/home');
    await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() => expect(realtimeStub.isOpen()).toBe(true));
    const asked = api.callsTo('GET', '/api/protection').length;
    const wallet = api.callsTo('GET', '/api/wallet').length;
    realtimeStub.connect();
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(wallet));
    expect(api.callsTo('GET', '/api/protection')).toHaveLength(asked);
    realtimeStub.disconnect();
    realtimeStub.connect(true);
    await waitFor(() => expect(api.callsTo('GET', '/api/protection')).toHaveLength(asked + 1));
  });

  it('[DEP-7] a QR paid while its panel is open turns into "received": no countdown, no "QR ready"', async () => {
    let paid = false;
    const { panel, dialog, api, user } = await openQrPanel(() => (paid ? paidQr() : unpaidQr()));
    realtimeStub.connect();
    expect(await within(panel).findByRole('timer')).toBeTruthy();
    expect(within(dialog).getByTestId('qr-live').textContent).toBe('QR ready');
    const walletAsked = api.callsTo('GET', '/api/wallet').length;

    paid = true;
    realtimeStub.send({ type: 'qrcode', qrcodeId: 'Q1', provider: 'WW', status: 'PAID', amount: 300 });
    const received = await within(panel).findByTestId('qr-received');
    expect(within(received).getByText('฿300.00 received')).toBeTruthy();
    expect(within(panel).queryByRole('timer')).toBeNull();
    expect(within(dialog).queryByTestId('qr-live')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Transfer done' })).toBeNull();
    // The balance behind the modal is asked for again.
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(walletAsked));

    // "New QR code": the amount entry again, for another deposit.
    await user.click(within(received).getByRole('button', { name: 'New QR code' }));
    expect(await within(panel).findByRole('button', { name: 'Create QR code' })).toBeTruthy();
  });

  it('[DEP-7] a paid QR announced once is not announced again when the deposit window opens again', async () => {
    let paid = false;
    const { panel, user } = await openQrPanel(() => (paid ? paidQr() : unpaidQr()));
    realtimeStub.connect();
    await within(panel).findByRole('timer');
    paid = true;
    realtimeStub.send({ type: 'qrcode', qrcodeId: 'Q1', provider: 'WW', status: 'PAID', amount: 300 });
    await within(panel).findByTestId('qr-received');

    // Closed without "New QR code", then opened again while the QR is still the provider's latest.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deposit' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    await user.click(within(drawer).getByRole('button', { name: 'Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
    await user.click(await within(dialog).findByRole('tab', { name: 'QR code' }));
    const again = await within(dialog).findByRole('group', { name: 'WW Pay' });
    expect(await within(again).findByRole('button', { name: 'Create QR code' })).toBeTruthy();
    expect(within(again).queryByTestId('qr-received')).toBeNull();
  });

  it('[DEP-7] without the socket, a live QR is asked for every few seconds until it is paid', async () => {
    let paid = false;
    const { panel, api } = await openQrPanel(() => (paid ? paidQr() : unpaidQr()));
    realtimeStub.disconnect();
    await within(panel).findByRole('timer');
    paid = true;
    await within(panel).findByTestId('qr-received', {}, { timeout: QR_POLL_MS + 3_000 });
    expect(api.callsTo('GET', '/api/qrcode/WW').length).toBeGreaterThanOrEqual(2);
  });

  it('[DEP-7] with the socket connected the QR is not polled', async () => {
    const { panel, api } = await openQrPanel(unpaidQr);
    realtimeStub.connect();
    await within(panel).findByRole('timer');
    // Connecting reads once what may have moved before the socket was there (a deposit credited between
    // the first answers and the first connect); after that the socket tells, nothing polls.
    await waitFor(() => expect(api.callsTo('GET', '/api/qrcode/WW')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, QR_POLL_MS + 500));
    expect(api.callsTo('GET', '/api/qrcode/WW')).toHaveLength(2);
  });
});
