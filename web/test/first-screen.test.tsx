// A member's page starts its chunks, texts and first answers as the entry runs, beside the app's main
// chunk instead of after it (app/first-screen.ts, lib/early-requests.ts).
import { accounts, protection, spin, wallet } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_GETS, startFirstScreen } from '../src/app/first-screen';
import { MEMBER_PAGES, memberScreenOf } from '../src/app/screens';
import { json, logIn, mockApi, walletFixture } from './api';
import { realtimeStub } from './realtime';
import { renderApp } from './render';

const richWallet = () => json(walletFixture({ wallet: { amount: 250, currency: 'BAHT' }, total: 250 }));

async function totalOnHomeCard() {
  const card = await screen.findByRole('region', { name: 'Wallet' });
  return within(card).getByLabelText('Total balance');
}

describe('a member page starts at once', () => {
  it("[trust-11] the answers it asks for early are the contract's profile, wallet, protection and wheel", () => {
    expect(FIRST_SCREEN_GETS.shell).toEqual([accounts.getProfile.path]);
    expect(FIRST_SCREEN_GETS.screens.memberHome).toEqual([
      wallet.getWallet.path,
      protection.get.path,
      spin.active.path,
    ]);
  });

  it('[SH-7] [trust-11] the entry knows which page a /user path shows, as the routes do', () => {
    expect(memberScreenOf('/user')).toBe('memberHome');
    expect(memberScreenOf('/user/')).toBe('memberHome');
    for (const [path, screenName] of Object.entries(MEMBER_PAGES)) {
      expect(memberScreenOf(`/user/${path}`)).toBe(screenName);
      expect(memberScreenOf(`/user/${path}/`)).toBe(screenName);
    }
    expect(memberScreenOf('/user/no-such-page')).toBe('notFound');
    expect(memberScreenOf('/user/home/more')).toBe('notFound');
    expect(memberScreenOf('/login')).toBeUndefined();
    expect(memberScreenOf('/users')).toBeUndefined();
  });

  it('[BAL-1] [PRO-1] [trust-11] /user/home asks for the profile and the wallet before the app renders, and only then', async () => {
    logIn();
    const api = mockApi({ 'GET /api/wallet': richWallet });
    startFirstScreen('/user/home');
    expect(api.callsTo('GET', '/api/account/profile')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/wallet')[0]!.headers.get('Authorization')).toBe('Bearer tok_member');

    await renderApp('/user/home');
    await waitFor(async () => expect((await totalOnHomeCard()).textContent).toBe('฿250.00'));
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai Jaidee' })).toBeTruthy();
    // The screens took the early answers instead of asking again.
    expect(api.callsTo('GET', '/api/account/profile')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1);
  });

  it('[HOME-1] [trust-11] what /user/home does not show at once (the socket, the chat) waits until its first screen is shown', async () => {
    logIn();
    let answerWallet: () => void = () => {};
    const walletAsked = new Promise<void>((resolve) => (answerWallet = resolve));
    const api = mockApi({ 'GET /api/wallet': () => walletAsked.then(richWallet) });
    startFirstScreen('/user/home');
    expect(api.callsTo('GET', '/api/protection')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/spinwheel/active')).toHaveLength(1);

    await renderApp('/user/home');
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai Jaidee' })).toBeTruthy();
    expect(realtimeStub.opened()).toEqual([]);
    expect(api.callsTo('GET', '/api/lookup/enableChatWidget')).toEqual([]);

    answerWallet();
    await waitFor(async () => expect((await totalOnHomeCard()).textContent).toBe('฿250.00'));
    await waitFor(() => expect(realtimeStub.opened()).toEqual(['tok_member']));
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/enableChatWidget')).toHaveLength(1));
    // The home's own answers were taken from the early requests, not asked again.
    expect(api.callsTo('GET', '/api/protection')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/spinwheel/active')).toHaveLength(1);
  });

  it('[SH-8] [trust-11] without a session, or on a visitor page, nothing is asked early', () => {
    const api = mockApi();
    startFirstScreen('/user/home');
    logIn();
    startFirstScreen('/login');
    startFirstScreen('/register');
    expect(api.calls).toEqual([]);
  });

  it('[SH-12] [trust-11] an early answer made for another session is not shown', async () => {
    logIn();
    const api = mockApi({ 'GET /api/wallet': richWallet });
    startFirstScreen('/user/home');
    // Another member logs in on this device before the app has run.
    localStorage.setItem('token', 'tok_other');
    api.calls.length = 0;

    await renderApp('/user/home');
    await waitFor(async () => expect((await totalOnHomeCard()).textContent).toBe('฿250.00'));
    const asked = api.callsTo('GET', '/api/wallet');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers.get('Authorization')).toBe('Bearer tok_other');
  });
});
