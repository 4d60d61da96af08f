import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@krapao/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserWindow } from '../src/features/games/launch';
import { formatDateTime } from '../src/lib/format';
import { fail, json, logIn, mockApi, protectionFixture, type Handler } from './api';
import { accountFixture, gamesWallet, slotFixture, transferAnswer } from './games';
import { errorEn, renderApp } from './render';

// The web side of games: the home carousels (HOME-3), the game account modal (GAME-1 to GAME-4) and what
// its buttons send, as a member sees them; the server's answers are the contract's.

const LINK = 'http://localhost/sim/games/play/tok_1';

async function home(handlers: Record<string, Handler>) {
  logIn();
  const api = mockApi(handlers);
  const app = await renderApp('/user/home');
  await screen.findByRole('region', { name: 'Wallet' });
  return { ...app, api };
}

/** Opens the game account modal of `name` from its home card. */
async function openGame(handlers: Record<string, Handler>, name: string) {
  const app = await home(handlers);
  await app.user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  return { ...app, dialog };
}

/** The navigation and new tabs the launch makes, instead of jsdom's. */
function watchBrowser() {
  const tab = { location: { href: '' }, close: vi.fn() };
  const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => {});
  const open = vi.spyOn(browserWindow, 'open').mockImplementation(() => tab as unknown as Window);
  return { tab, assign, open };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const pgActive = slotFixture('PG', { active: true, amount: 250.25 });

describe('home carousels', () => {
  it('[HOME-3] one carousel per category with games, about 2.2 cards for several, a single card for one, none when empty', async () => {
    await home({
      'GET /api/wallet': () =>
        json(
          gamesWallet(100, [
            slotFixture('JOKER'),
            pgActive,
            slotFixture('SLOTXO'),
            slotFixture('UFABET', { active: true, amount: 40 }),
          ]),
        ),
    });
    const slots = await screen.findByRole('region', { name: 'Slots' });
    const list = within(slots).getByRole('list', { name: 'Slots: 3 games' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(list.className).toBe('game-carousel');
    const sport = screen.getByRole('region', { name: 'Sport & casino' });
    expect(within(sport).getByRole('list').className).toBe('game-single');
    expect(within(sport).getAllByRole('button')).toHaveLength(1);
    // No lotto account offered: no lotto carousel.
    expect(screen.queryByRole('region', { name: 'Lotto' })).toBeNull();
    // Each card shows its artwork and, with an account, its balance; without, the way to open one.
    const pg = within(list).getByRole('button', { name: 'PG' });
    expect(pg.style.backgroundImage).toContain('/games/PG-bg.webp');
    expect(pg.querySelector('img')?.getAttribute('src')).toBe('/games/PG.webp');
    expect(within(pg).getByTestId('game-amount-PG').textContent).toBe('฿250.25');
    expect(within(list).getByRole('button', { name: 'Joker' }).textContent).toContain('Open an account');
  });

  it('[HOME-3] the first cards show their pictures at once; a card further on asks only once it comes near the screen', async () => {
    // The browser's IntersectionObserver, driven by the test: which cards are near the screen.
    const watching = new Map<Element, IntersectionObserverCallback>();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          watching.set(element, this.callback);
        }
        disconnect() {
          for (const [element, callback] of watching)
            if (callback === this.callback) watching.delete(element);
        }
      },
    );
    const slots = ['JOKER', 'PG', 'SLOTXO', 'JOKER2', 'SLOT5'].map((code) => slotFixture(code));
    await home({
      'GET /api/wallet': () => json(gamesWallet(0, [...slots, slotFixture('HUAYHD')])),
    });
    const card = (name: string) => screen.getByRole('button', { name });
    await screen.findByRole('region', { name: 'Slots' });
    // The first three cards of a row in view ask for their pictures with the first render.
    for (const [name, code] of [
      ['Joker', 'JOKER'],
      ['PG', 'PG'],
      ['SlotXO', 'SLOTXO'],
    ] as const) {
      expect(card(name).style.backgroundImage).toContain(`/games/${code}-bg.webp`);
      expect(card(name).querySelector('img')?.getAttribute('src')).toBe(`/games/${code}.webp`);
    }
    // Lotto is the second row shown here (no sport games): its card is in view too.
    expect(card('Huay HD').style.backgroundImage).toContain('/games/HUAYHD-bg.webp');
    // The fourth and fifth wait until they scroll near.
    for (const name of ['Joker 2', 'SLOT5']) {
      expect(card(name).style.backgroundImage).toBe('');
      expect(card(name).querySelector('img')?.getAttribute('src')).toBeNull();
    }
    const near = card('Joker 2');
    const callback = watching.get(near)!;
    act(() =>
      callback([{ isIntersecting: true, target: near } as unknown as IntersectionObserverEntry], {} as never),
    );
    await waitFor(() => expect(card('Joker 2').style.backgroundImage).toContain('/games/JOKER2-bg.webp'));
    expect(card('Joker 2').querySelector('img')?.getAttribute('src')).toBe('/games/JOKER2.webp');
    expect(card('SLOT5').style.backgroundImage).toBe('');
    expect(watching.has(near)).toBe(false);
    vi.unstubAllGlobals();
  });

  it('[HOME-3] [BAL-2] a game that did not answer the last refresh shows its last balance, marked', async () => {
    const at = '2026-01-02T03:04:05.000Z';
    await home({
      'GET /api/wallet': () =>
        json(gamesWallet(0, [slotFixture('PG', { active: true, amount: 80, stale: true, balanceAt: at })])),
    });
    const card = await screen.findByRole('button', { name: 'PG' });
    expect(within(card).getByTestId('game-amount-PG').textContent).toBe('฿80.00');
    const mark = within(card).getByText('Not updated');
    expect(mark.getAttribute('title')).toContain(formatDateTime(at));
  });

  it('[TRF-2] [BAL-1] money on its way to a game shows as processing on the wallet card', async () => {
    await home({
      'GET /api/wallet': () => json(gamesWallet(100, [pgActive], { pendingTransfers: 50 })),
    });
    const card = screen.getByRole('region', { name: 'Wallet' });
    await waitFor(() =>
      expect(within(card).getByTestId('wallet-pending').textContent).toBe('Processing ฿50.00'),
    );
    expect(within(card).getByLabelText('Total balance').textContent).toBe('฿400.25');
  });
});

describe('game account modal', () => {
  it('[GAME-1] [GAME-4] a card without an account opens the modal; activate shows the account with copy buttons', async () => {
    let active = false;
    const { dialog, user, api } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(100, [slotFixture('PG', { active })])),
        'GET /api/wallet/activate/PG': () => {
          active = true;
          return json(accountFixture('PG'));
        },
      },
      'PG',
    );
    expect(within(dialog).getByText(/You have no PG account yet/)).toBeTruthy();
    expect(api.callsTo('GET', '/api/wallet/account/PG')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(await within(dialog).findByLabelText('Username')).toBeTruthy();
    expect(within(dialog).getByLabelText('Username').textContent).toBe('kpu_8f3a21');
    // The password is hidden until asked for.
    expect(within(dialog).getByLabelText('Password').textContent).not.toContain('Xq7rT2mB9wLc');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(within(dialog).getByLabelText('Password').textContent).toBe('Xq7rT2mB9wLc');
    expect(await screen.findByText('Your PG account is ready')).toBeTruthy();
    // The wallet is read again: the card now has an account.
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(1));
    await user.click(within(dialog).getByRole('button', { name: 'Copy username' }));
    expect(await screen.findByText('Copied: kpu_8f3a21')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copy password' }));
    expect(await screen.findByText('Copied: Xq7rT2mB9wLc')).toBeTruthy();
  });

  it('[GAME-4] [ERR-3] a failed activation hides its loader and stays quiet; an account that exists is shown', async () => {
    let answer = () => fail('SLOT_ACTIVATE_FAIL', 502);
    const { dialog, user, api } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(0, [slotFixture('PG')])),
        'GET /api/wallet/activate/PG': () => answer(),
        'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
      },
      'PG',
    );
    const open = within(dialog).getByRole('button', { name: 'Open account' });
    await user.click(open);
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet/activate/PG')).toHaveLength(1));
    // The button is ready again (no loader), and nothing is said: no alert, no toast.
    await waitFor(() => expect(open.hasAttribute('disabled')).toBe(false));
    expect(open.getAttribute('data-loading')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(errorEn('SLOT_ACTIVATE_FAIL'))).toBeNull();
    answer = () => fail('SLOT_ALREADY_ACTIVE', 409);
    await user.click(open);
    expect((await within(dialog).findByLabelText('Username')).textContent).toBe('kpu_8f3a21');
    expect(screen.queryByText(errorEn('SLOT_ALREADY_ACTIVE'))).toBeNull();
  });

  it('[GAME-4] reset password shows the new one; SLOT_RESET_PASSWORD_FAIL is said', async () => {
    let reset: () => Response = () => json(accountFixture('PG', { password: 'N3wPassw0rd9' }));
    const { dialog, user } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(0, [pgActive])),
        'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
        'GET /api/wallet/resetpassword/PG': () => reset(),
      },
      'PG',
    );
    await within(dialog).findByLabelText('Username');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    await user.click(within(dialog).getByRole('button', { name: 'New password' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Password').textContent).toBe('N3wPassw0rd9'));
    expect(await screen.findByText('New password set: use it in the PG app')).toBeTruthy();
    reset = () => fail('SLOT_RESET_PASSWORD_FAIL', 502);
    await user.click(within(dialog).getByRole('button', { name: 'New password' }));
    expect(await within(dialog).findByText(errorEn('SLOT_RESET_PASSWORD_FAIL'))).toBeTruthy();
  });

  it('[GAME-3] with no amount, transfer only asks for one and moves nothing; transfer and play just launches', async () => {
    const browser = watchBrowser();
    const { dialog, user, api } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(500, [pgActive])),
        'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
        'GET /api/autoLogin/pg/kpu_8f3a21': () => json({ link: LINK }),
      },
      'PG',
    );
    await within(dialog).findByLabelText('Username');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    const amount = within(dialog).getByLabelText('Amount to transfer');
    expect(document.activeElement).toBe(amount);
    expect(within(dialog).getByText('Enter the amount to transfer')).toBeTruthy();
    // Three decimals are not an amount of money: said as such, not as "above 0".
    await user.type(amount, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(within(dialog).getByText('Enter an amount, for example 500 or 500.50')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer & play' }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(LINK));
    expect(api.callsTo('POST', '/api/wallet/transfer')).toHaveLength(0);
    // GAME-2: PG plays in this tab; no tab was opened.
    expect(browser.open).not.toHaveBeenCalled();
  });

  it('[care] during a time-out the game account shows until when play is closed, not the transfer and play buttons', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const { dialog, api } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(500, [pgActive])),
        'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
        'GET /api/protection': () => json(protectionFixture({ block: { kind: 'TIMEOUT', until } })),
      },
      'PG',
    );
    await within(dialog).findByLabelText('Username');
    const closed = await within(dialog).findByTestId('play-closed');
    expect(closed.textContent).toContain('No play during your break');
    expect(closed.textContent).toContain(formatDateTime(until));
    expect(within(dialog).queryByRole('button', { name: 'Transfer & play' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Transfer' })).toBeNull();
    expect(within(dialog).queryByLabelText('Amount to transfer')).toBeNull();
    expect(api.callsTo('POST', '/api/wallet/transfer')).toHaveLength(0);
  });

  it('[BAL-2] back from a game played in this tab, the home asks the providers for the game balances', async () => {
    logIn();
    sessionStorage.setItem('left_for_game', '1');
    const api = mockApi({
      'GET /api/wallet': () => json(gamesWallet(500, [pgActive])),
      'GET /api/wallet/refresh/slot': () => json(gamesWallet(500, [{ ...pgActive, amount: 0 }])),
    });
    await renderApp('/user/home');
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet/refresh/slot')).toHaveLength(1));
    expect(sessionStorage.getItem('left_for_game')).toBeNull();
  });

  it('[GAME-3] [TRF-2] transfer and play moves the amount with an Idempotency-Key, then launches', async () => {
    const browser = watchBrowser();
    const { dialog, user, api } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(500, [pgActive])),
        'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
        'POST /api/wallet/transfer': transferAnswer('SUCCESS', 400),
        'GET /api/autoLogin/pg/kpu_8f3a21': () => json({ link: LINK }),
      },
      'PG',
    );
    await within(dialog).findByLabelText('Username');
    expect(within(dialog).getByTestId('game-modal-wallet').textContent).toBe('฿500.00');
    await user.type(within(dialog).getByLabelText('Amount to transfer'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer & play' }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(LINK));
    // The game opens in the app's language, whatever the phone's (the server passes it on).
    expect(api.callsTo('GET', '/api/autoLogin/pg/kpu_8f3a21')[0]?.headers.get('accept-language')).toBe('en');
    // The game replaces the app in this tab: coming back asks the game balances again.
    expect(sessionStorage.getItem('left_for_game')).toBe('1');
    const [call] = api.callsTo('POST', '/api/wallet/transfer');
    expect(call?.body).toEqual({ from: 'WALLET', to: 'PG', amount: 100 });
    expect(call?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(await within(dialog).findByText('฿100.00 moved to PG')).toBeTruthy();
  });

  it('[GAME-2] a provider whose iframe setting is true plays in a new tab, opened within the tap', async () => {
    const browser = watchBrowser();
    const joker2 = slotFixture('JOKER2', { active: true, amount: 10 });
    const { dialog, user } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(0, [pgActive, joker2])),
        'GET /api/wallet/account/JOKER2': () => json(accountFixture('JOKER2')),
        'GET /api/autoLogin/joker2/kpu_8f3a21': () => json({ link: LINK }),
      },
      'Joker 2',
    );
    await within(dialog).findByLabelText('Username');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer & play' }));
    await waitFor(() => expect(browser.tab.location.href).toBe(LINK));
    expect(browser.open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('[GAME-3] [TRF-2] a transfer the game refused says the money is back in the wallet, and does not launch', async () => {
    const browser = watchBrowser();
    const { dialog, user, api } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(500, [pgActive])),
        'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
        'POST /api/wallet/transfer': () => fail('TRANSFER_FAIL', 502),
      },
      'PG',
    );
    await within(dialog).findByLabelText('Username');
    const walletReads = api.callsTo('GET', '/api/wallet').length;
    await user.type(within(dialog).getByLabelText('Amount to transfer'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer & play' }));
    expect(await within(dialog).findByText(errorEn('TRANSFER_FAIL'))).toBeTruthy();
    expect(errorEn('TRANSFER_FAIL')).toMatch(/returned to your wallet/);
    expect(browser.assign).not.toHaveBeenCalled();
    // The balances are read again: the wallet shows the money back.
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(walletReads));
  });

  it('[GAME-3] [TRF-2] a transfer the game has not confirmed shows processing and waits to launch', async () => {
    const browser = watchBrowser();
    let sent = false;
    const { dialog, user } = await openGame(
      {
        'GET /api/wallet': () =>
          json(sent ? gamesWallet(400, [pgActive], { pendingTransfers: 100 }) : gamesWallet(500, [pgActive])),
        'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
        'POST /api/wallet/transfer': (call) => {
          sent = true;
          return transferAnswer('PENDING', 400)(call);
        },
      },
      'PG',
    );
    await within(dialog).findByLabelText('Username');
    await user.type(within(dialog).getByLabelText('Amount to transfer'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer & play' }));
    expect((await within(dialog).findByTestId('transfer-processing')).textContent).toMatch(
      /PG has not confirmed the transfer yet/,
    );
    // The wallet card counts it as processing meanwhile.
    await waitFor(() => expect(screen.getByTestId('wallet-pending').textContent).toBe('Processing ฿100.00'));
    expect(within(dialog).getByTestId('transfer-processing').textContent).toMatch(/not confirmed/);
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('[TRF-4] refusals that move nothing are said in the member words', async () => {
    const { dialog, user } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(50, [pgActive])),
        'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
        'POST /api/wallet/transfer': () => fail('MONEY_NOT_ENOUGH', 409),
      },
      'PG',
    );
    await within(dialog).findByLabelText('Username');
    await user.type(within(dialog).getByLabelText('Amount to transfer'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText(errorEn('MONEY_NOT_ENOUGH'))).toBeTruthy();
  });

  it('[GAME-1] the Android and iOS buttons open their links in a new window', async () => {
    const browser = watchBrowser();
    const { dialog, user } = await openGame(
      {
        'GET /api/wallet': () => json(gamesWallet(0, [pgActive])),
        'GET /api/wallet/account/PG': () => json(accountFixture('PG')),
      },
      'PG',
    );
    await within(dialog).findByLabelText('Username');
    await user.click(within(dialog).getByRole('button', { name: 'Android' }));
    expect(browser.open).toHaveBeenLastCalledWith('https://pg.example.com/app/android', '_blank', 'noopener');
    await user.click(within(dialog).getByRole('button', { name: 'iOS' }));
    expect(browser.open).toHaveBeenLastCalledWith('https://pg.example.com/app/ios', '_blank', 'noopener');
  });
});
