// A member's page starts its chunks, texts and first answers as the entry runs, beside the app's main
// chunk instead of after it (app/first-screen.ts, lib/early-requests.ts).
import { accounts, protection, spin, wallet } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdFirstScreen, isFirstScreenDone, releaseFirstScreen } from '../src/lib/first-screen-done';
import { linkManifestAfterFirstScreen } from '../src/lib/manifest-link';
import { FIRST_SCREEN_GETS, preloadCardPictures, startFirstScreen } from '../src/app/first-screen';
import { prefetchFirstScreen } from '../src/app/first-screen-queries';
import { MEMBER_PAGES, memberScreenOf } from '../src/app/screens';
import { accountKeys } from '../src/features/accounts/api/keys';
import { carouselRows, firstScreenPictures } from '../src/features/games/first-cards';
import { protectionKeys } from '../src/features/protection/api/protection';
import { spinKeys } from '../src/features/spin/api/keys';
import { createQueryClient } from '../src/lib/query-client';
import { walletKeys } from '../src/lib/wallet-keys';
import { json, logIn, mockApi, walletFixture } from './api';
import { gamesWallet, slotFixture } from './games';
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
    // The first screen's 3 s fallback (lib/first-screen-done.ts) goes on a clock this test holds: on a busy
    // machine the screen took longer than that to draw, and what is tested is its release by the screen.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    startFirstScreen('/user/home');
    vi.useRealTimers();
    linkManifestAfterFirstScreen();
    expect(api.callsTo('GET', '/api/protection')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/spinwheel/active')).toHaveLength(1);

    await renderApp('/user/home');
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai Jaidee' })).toBeTruthy();
    expect(realtimeStub.opened()).toEqual([]);
    expect(api.callsTo('GET', '/api/lookup/enableChatWidget')).toEqual([]);
    // The installable app's manifest too: the browser would fetch it and its icon at once.
    expect(document.querySelector('link[rel="manifest"]')).toBeNull();

    answerWallet();
    await waitFor(async () => expect((await totalOnHomeCard()).textContent).toBe('฿250.00'));
    await waitFor(() => expect(realtimeStub.opened()).toEqual(['tok_member']));
    await waitFor(() =>
      expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
        '/manifest.webmanifest',
      ),
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/enableChatWidget')).toHaveLength(1));
    // The home's own answers were taken from the early requests, not asked again.
    expect(api.callsTo('GET', '/api/protection')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/spinwheel/active')).toHaveLength(1);
  });

  it("[HOME-1] [trust-11] a first screen is released by its own 3 s fallback, never by an earlier hold's", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    holdFirstScreen();
    vi.advanceTimersByTime(2_000);
    releaseFirstScreen(); // the screen was done in 2 s: its fallback is ended
    holdFirstScreen(); // the next page load (a component test in the same worker)
    vi.advanceTimersByTime(1_500); // past the earlier hold's 3 s
    expect(isFirstScreenDone()).toBe(false);
    vi.advanceTimersByTime(1_500); // its own 3 s
    expect(isFirstScreenDone()).toBe(true);
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

/** The preload links the entry added for pictures, in order. */
const preloadedPictures = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) =>
    l.getAttribute('href'),
  );
const preloadPriorities = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) =>
    l.getAttribute('fetchpriority'),
  );

describe("a member's first screen is drawn once, with its answers and its pictures", () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[rel="preload"], link[rel="manifest"]'))
      link.remove();
  });

  it('[BAL-1] [PRO-1] [HOME-1] [trust-11] the early answers are in the query cache before the first render, asked once', async () => {
    logIn();
    const api = mockApi({
      'GET /api/wallet': richWallet,
      'GET /api/spinwheel/active': () => json({ isActive: true }),
    });
    startFirstScreen('/user/home');
    const client = createQueryClient();
    let waiting: AbortSignal | undefined;
    await prefetchFirstScreen('memberHome', client, (_ms, stop) => {
      waiting = stop;
      return new Promise(() => {});
    });
    // The answers ended the wait: its timer goes with it.
    expect(waiting?.aborted).toBe(true);

    expect(client.getQueryData<{ total: number }>(walletKeys.detail())?.total).toBe(250);
    expect(client.getQueryData<{ name: string }>(accountKeys.profile())?.name).toBe('Somchai Jaidee');
    expect(client.getQueryData(protectionKeys.all())).toBeTruthy();
    expect(client.getQueryData(spinKeys.active())).toBe(true);
    // Every answer was the entry's early one: the cache asked nothing more.
    const early = [...FIRST_SCREEN_GETS.shell, ...FIRST_SCREEN_GETS.screens.memberHome!];
    for (const path of early) expect(api.callsTo('GET', path)).toHaveLength(1);
    expect(api.calls).toHaveLength(early.length);
  });

  it('[BAL-1] [trust-11] a slow answer does not hold the first render: it goes on and lands in the cache', async () => {
    logIn();
    let answerWallet: () => void = () => {};
    const walletAsked = new Promise<void>((resolve) => (answerWallet = resolve));
    const api = mockApi({ 'GET /api/wallet': () => walletAsked.then(richWallet) });
    startFirstScreen('/user/home');
    const client = createQueryClient();
    let giveUp: () => void = () => {};
    const prefetched = prefetchFirstScreen('memberHome', client, () => new Promise((r) => (giveUp = r)));
    await waitFor(() => expect(client.getQueryData(accountKeys.profile())).toBeTruthy());
    giveUp();
    await prefetched;
    expect(client.getQueryState(walletKeys.detail())?.fetchStatus).toBe('fetching');

    answerWallet();
    await waitFor(() => expect(client.getQueryData<{ total: number }>(walletKeys.detail())?.total).toBe(250));
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1);
  });

  it('[SH-8] [SH-12] [trust-11] a session that ended before the page loaded still ends on /login', async () => {
    logIn();
    const ended = () => json({ message: 'UNAUTHORIZED' }, 401);
    const api = mockApi({
      'GET /api/account/profile': ended,
      'GET /api/wallet': ended,
      'GET /api/protection': ended,
      'GET /api/spinwheel/active': ended,
    });
    startFirstScreen('/user/home');
    const client = createQueryClient();
    await prefetchFirstScreen('memberHome', client, () => new Promise(() => {}));
    // The refusals came before the app could act on them: the screens ask again as they mount.
    const { router } = await renderApp('/user/home', { queryClient: client });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(api.calls.length).toBeGreaterThan(4);
  });

  it("[HOME-3] [trust-11] the pictures of the cards in view are asked for as soon as the wallet's early answer names them", async () => {
    logIn();
    const slots = ['JOKER', 'PG', 'SLOTXO', 'JOKER2', 'UFABET', 'SEXY', 'HUAYHD'].map((code) =>
      slotFixture(code, code === 'SEXY' ? { category: 'sport', active: true } : {}),
    );
    // A card without a picture still takes its place in the row (SLOTXO's: JOKER2, fourth, waits).
    delete slots[2]!.background;
    mockApi({ 'GET /api/wallet': () => json(gamesWallet(250, slots)) });
    startFirstScreen('/user/home');
    // The first two rows' first three cards, the member's own accounts first (SEXY, before UFABET).
    await waitFor(() =>
      expect(preloadedPictures()).toEqual([
        '/games/JOKER-bg.webp',
        '/games/PG-bg.webp',
        '/games/SEXY-bg.webp',
        '/games/UFABET-bg.webp',
      ]),
    );
    // The first row's are the largest paint; the second row shows only its top on a phone.
    expect(preloadPriorities()).toEqual(['high', 'high', 'low', 'low']);
    // The home reads the same answer afterwards (the entry read a copy of it).
    await renderApp('/user/home');
    await waitFor(async () => expect((await totalOnHomeCard()).textContent).toBe('฿250.00'));
    expect(screen.getByTestId('game-card-JOKER').style.backgroundImage).toBe('url("/games/JOKER-bg.webp")');
  });

  it('[HOME-3] [trust-11] a wallet answer of another shape, or a refusal, preloads nothing and is left whole', async () => {
    const odd = Promise.resolve(new Response(JSON.stringify({ slots: 'none' })));
    await preloadCardPictures(odd);
    await preloadCardPictures(
      Promise.resolve(new Response('{"message":"SESSION_EXPIRED"}', { status: 401 })),
    );
    await preloadCardPictures(Promise.reject(new TypeError('Failed to fetch')));
    expect(preloadedPictures()).toEqual([]);
    // The api client still reads the body the entry read a copy of.
    expect(await (await odd).json()).toEqual({ slots: 'none' });
  });

  it('[HOME-3] the home draws its carousels in the order the pictures were chosen in', () => {
    const slots = [
      slotFixture('HUAYHD'),
      slotFixture('UFABET'),
      slotFixture('JOKER'),
      slotFixture('PG', { active: true }),
    ];
    expect(carouselRows(slots).map((r) => [r.category, r.list.map((s) => s.code)])).toEqual([
      ['slot', ['PG', 'JOKER']],
      ['sport', ['UFABET']],
      ['lotto', ['HUAYHD']],
    ]);
    // The third row is below the first screen; a card without a picture has none to ask for.
    expect(firstScreenPictures([...slots, slotFixture('SLOTXO', { background: undefined })])).toEqual([
      { href: '/games/PG-bg.webp', priority: 'high' },
      { href: '/games/JOKER-bg.webp', priority: 'high' },
      { href: '/games/UFABET-bg.webp', priority: 'low' },
    ]);
  });
});
