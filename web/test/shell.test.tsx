import { CLIENT_VERSION } from '@krapao/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DelayedLoader } from '../src/components/DelayedLoader';
import { Providers } from '../src/app/providers';
import { initI18n, initialLocale } from '../src/i18n';
import { createQueryClient } from '../src/lib/query-client';
import { STORAGE_KEYS } from '../src/lib/storage';
import { contactFixture, fail, json, mockApi, profileFixture, logIn } from './api';
import { location, renderApp } from './render';

const webRoot = join(__dirname, '..');

describe('visitor shell', () => {
  it('[SH-1] Thai by default; switching language translates at once and is kept in the browser', async () => {
    mockApi();
    const { user } = await renderApp('/login', { locale: initialLocale() });
    expect(await screen.findByRole('button', { name: 'เข้าสู่ระบบ' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'ລາວ' }));
    expect(await screen.findByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('la');
    expect(document.documentElement.lang).toBe('lo');
    await user.click(screen.getByRole('radio', { name: 'EN' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(initialLocale()).toBe('en');
  });

  it('[SH-1] a Laos build starts in Lao', async () => {
    vi.stubEnv('VITE_REGION', 'la');
    expect(initialLocale()).toBe('la');
    mockApi();
    await renderApp('/login', { locale: initialLocale() });
    expect(await screen.findByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeTruthy();
  });

  it('[SH-1] the wordmark names the site in the script of the language on screen: ກະເປົາ in Lao, กระเป๋า in Thai', async () => {
    mockApi();
    const { user } = await renderApp('/login', { locale: 'la' });
    const mark = await screen.findByRole('link', { name: 'ກະເປົາ Krapao' });
    expect(mark.querySelector('[lang="lo"]')?.textContent).toBe('ກະເປົາ');
    await user.click(screen.getByRole('radio', { name: 'ไทย' }));
    expect(
      (await screen.findByRole('link', { name: 'กระเป๋า Krapao' })).querySelector('[lang="th"]')?.textContent,
    ).toBe('กระเป๋า');
  });

  it('[SH-2] the page title and description come from build-time settings', () => {
    const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
    expect(html).toContain('<title>%VITE_SITE_TITLE%</title>');
    expect(html).toContain('<meta name="description" content="%VITE_SITE_DESCRIPTION%" />');
    const env = readFileSync(join(webRoot, '.env'), 'utf8');
    expect(env).toMatch(/^VITE_SITE_TITLE=.+$/m);
    expect(env).toMatch(/^VITE_SITE_DESCRIPTION=.+$/m);
    // No inline script: the server's Content-Security-Policy forbids it.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('[SH-4] the visitor bottom menu has login (home), register and contact', async () => {
    mockApi();
    const { user, router } = await renderApp('/login');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/login', '/register', '/contact']);
    await user.click(within(nav).getByRole('link', { name: 'Register' }));
    await waitFor(() => expect(location(router)).toBe('/register'));
  });

  it('[SH-4] [HELP-1] a visitor reaches the how-to page: five videos, each with its title', async () => {
    mockApi();
    await renderApp('/howto');
    expect(await screen.findByRole('heading', { name: 'How-to videos' })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'How to register',
      'Deposit by bank transfer',
      'Deposit by QR code',
      'How to withdraw',
      'Transfer to a game and play',
    ]);
    // The rest (captions, the operator's own recordings) in howto.test.tsx.
    expect(document.querySelectorAll('video[controls]')).toHaveLength(5);
  });

  it('[SH-16] [LK-1] contact shows the contact lookup and the client version', async () => {
    const api = mockApi();
    await renderApp('/contact');
    expect(await screen.findByText('We answer 24/7.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Chat on LINE @krapao/ }).getAttribute('href')).toBe(
      'https://line.example/krapao',
    );
    expect(screen.getByRole('link', { name: /Call 020000000/ }).getAttribute('href')).toBe('tel:020000000');
    expect(screen.getByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(screen.getByText(`Version ${CLIENT_VERSION}`)).toBeTruthy();
    expect(CLIENT_VERSION).toBe('1.1.14');
    expect(api.callsTo('GET', '/api/lookup/contact')).toHaveLength(1);
  });

  it("[SH-16] [LK-1] a LINE ID without a link leads to LINE's add-friend address for that ID", async () => {
    mockApi({ 'GET /api/lookup/contact': () => json({ ...contactFixture, lineUrl: '' }) });
    await renderApp('/contact');
    expect((await screen.findByRole('link', { name: /Chat on LINE @krapao/ })).getAttribute('href')).toBe(
      'https://line.me/R/ti/p/%40krapao',
    );
  });

  it('[SH-7] an unknown path shows the 404 page', async () => {
    mockApi();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('[SH-7] /user redirects to /user/home', async () => {
    logIn();
    mockApi();
    const { router } = await renderApp('/user');
    await waitFor(() => expect(location(router)).toBe('/user/home'));
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai Jaidee' })).toBeTruthy();
  });

  it.each(['/user/home', '/user/statement', '/user/profile', '/user/contact', '/user/bonus', '/user/spin'])(
    '[SH-8] %s without a stored token goes to /login',
    async (path) => {
      mockApi();
      const { router } = await renderApp(path);
      await waitFor(() => expect(location(router)).toBe('/login'));
    },
  );
});

describe('member shell', () => {
  it('[SH-9] the header shows the member name, a profile link and logout', async () => {
    logIn();
    mockApi();
    const { user, router } = await renderApp('/user/home');
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(within(header).getByTestId('member-name').textContent).toBe('Somchai Jaidee'));
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeTruthy();
    await user.click(within(header).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(location(router)).toBe('/user/profile'));
  });

  it('[SH-10] [LK-1] the member menu links pages and opens the conditions from /api/lookup/conditions', async () => {
    logIn();
    const api = mockApi();
    const { user } = await renderApp('/user/home');
    const nav = await screen.findByRole('navigation', { name: 'Member menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/user/home', '/user/statement', '/user/profile', '/user/contact']);
    await user.click(screen.getByRole('button', { name: 'Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(await within(dialog).findByText('Play fair. One account each.')).toBeTruthy();
    expect(api.callsTo('GET', '/api/lookup/conditions')).toHaveLength(1);
  });

  it('[SH-11] the plus button opens the action drawer with its tiles; Bonus goes to /user/bonus', async () => {
    logIn();
    mockApi();
    const { user, router } = await renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    for (const name of ['Deposit', /Refresh balances/, 'Withdraw', 'Invite friends', 'Bonus', 'Refund']) {
      expect(within(drawer).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(drawer).getByRole('button', { name: /Refresh balances/ }).textContent).toMatch(/0\.00/);
    // Invite friends and Refund open their modals (test/invite.test.tsx, test/refund.test.tsx).
    await user.click(within(drawer).getByRole('button', { name: 'Bonus' }));
    await waitFor(() => expect(location(router)).toBe('/user/bonus'));
  });

  it('[SH-12] logout revokes the session with the bearer token, forgets it and goes to /login', async () => {
    logIn();
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(profileFixture));
    const api = mockApi();
    const { user, router } = await renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location(router)).toBe('/login'));
    const [call] = api.callsTo('POST', '/api/logout');
    expect(call?.headers.get('Authorization')).toBe('Bearer tok_member');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
  });

  it('[SH-12] logout still forgets the session when the server call fails', async () => {
    logIn('session');
    mockApi({ 'POST /api/logout': () => fail('INTERNAL_SERVER_ERROR', 500) });
    const { user, router } = await renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location(router)).toBe('/login'));
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it.each(['invalid-token', 'cannot verify identity', 'INACTIVE_USER', 'UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN'])(
    "[SH-13] an authenticated answer '%s' clears the session and goes to /login",
    async (message) => {
      logIn();
      localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(profileFixture));
      mockApi({ 'GET /api/account/profile': () => fail(message, 401) });
      const { router } = await renderApp('/user/profile');
      await waitFor(() => expect(location(router)).toBe('/login'));
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    },
  );

  it("[SH-13] 'gone' on a member page goes to /terminated", async () => {
    logIn();
    mockApi({ 'GET /api/account/profile': () => fail('gone', 410) });
    const { router } = await renderApp('/user/home');
    await waitFor(() => expect(location(router)).toBe('/terminated'));
  });

  it('[SH-14] the header paints from the cached user info before the server answers', async () => {
    logIn();
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ...profileFixture, name: 'Cached Name' }));
    let answer: ((r: Response) => void) | undefined;
    mockApi({ 'GET /api/account/profile': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderApp('/user/home');
    expect((await screen.findByTestId('member-name')).textContent).toBe('Cached Name');
    // The cached name can paint before the shell has asked the server: answer once it has.
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer!(json(profileFixture)));
    await waitFor(() => expect(screen.getByTestId('member-name').textContent).toBe('Somchai Jaidee'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!).name).toBe('Somchai Jaidee');
  });

  it('[SH-14] browser storage holds only the allowed keys after login, profile and a language switch', async () => {
    mockApi({ 'POST /api/login': () => json({ token: 'tok_abc', expiresAt: new Date().toISOString() }) });
    const { user, router } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me on this device' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location(router)).toBe('/user/home'));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.userInfo)).not.toBeNull());
    await user.click(screen.getByRole('radio', { name: 'ไทย' }));
    const allowed = new Set<string>(Object.values(STORAGE_KEYS));
    const keys = [...Object.keys(localStorage), ...Object.keys(sessionStorage)];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(allowed).toContain(key);
  });

  it('[SH-15] a reload keeps a valid session: the shell never clears the token', async () => {
    logIn();
    mockApi();
    const first = await renderApp('/user/home');
    await screen.findByRole('heading', { name: 'Hello, Somchai Jaidee' });
    first.unmount();
    const again = await renderApp('/user/home');
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai Jaidee' })).toBeTruthy();
    expect(location(again.router)).toBe('/user/home');
    expect(localStorage.getItem('token')).toBe('tok_member');
  });

  it('[SH-16] the wallet card shows 0.00 with the currency', async () => {
    logIn();
    mockApi();
    await renderApp('/user/home');
    const total = await screen.findByLabelText('Total balance');
    expect(total.textContent).toMatch(/฿\s?0\.00/);
  });
});

describe('loaders', () => {
  it('[SH-17] a loader appears only after 200 ms', async () => {
    vi.useFakeTimers();
    await initI18n('en');
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <DelayedLoader />
      </Providers>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => vi.advanceTimersByTime(150));
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => vi.advanceTimersByTime(60));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('[SH-17] a fast login answer never shows the button spinner', async () => {
    mockApi({ 'POST /api/login': () => json({ token: 't', expiresAt: new Date().toISOString() }) });
    const { user, router } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    const button = screen.getByRole('button', { name: 'Log in' });
    await user.click(button);
    expect(button.getAttribute('data-loading')).toBeNull();
    await waitFor(() => expect(location(router)).toBe('/user/home'));
  });
});
