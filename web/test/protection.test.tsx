import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_PROTECTION_LIMITS } from '@krapao/contract';
import { json, logIn, mockApi, protectionFixture, type Call } from './api';
import { passTime } from './clock';
import { depositChannel, depositLookup, openDepositFromHome } from './deposit-modal';
import { errorEn, location, renderApp } from './render';

const limited = protectionFixture({
  limits: { ...NO_PROTECTION_LIMITS, depositDay: 1000, lossWeek: 500 },
  used: { depositDay: 300, depositWeek: 300, depositMonth: 300, lossDay: 0, lossWeek: 120, lossMonth: 120 },
  depositLeft: 700,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('player protection page', () => {
  it('[care] shows the limits in force, what the period used and what is left, and saves the whole set', async () => {
    logIn();
    const api = mockApi({
      'GET /api/protection': () => json(limited),
      'PUT /api/protection/limits': (call: Call) =>
        json(
          protectionFixture({
            limits: { ...NO_PROTECTION_LIMITS, depositDay: 500, lossWeek: 500 },
            pending: {
              limits: { ...(call.body as typeof NO_PROTECTION_LIMITS) },
              appliesAt: '2026-11-22T10:00:00.000Z',
              confirmable: false,
            },
          }),
        ),
    });
    const { user } = await renderApp('/user/limits');
    const day = (await screen.findAllByLabelText('Per day'))[0] as HTMLInputElement;
    expect(day.value).toBe('1,000');
    expect(screen.getByTestId('deposit-left').textContent).toBe(
      'You can still deposit ฿700.00 in this period.',
    );
    expect(screen.getAllByText('Used ฿300.00')).toHaveLength(3);

    // More than the API takes is said under the field, and the set cannot be saved.
    await user.clear(day);
    await user.type(day, '200000000');
    expect(screen.getByText('At most ฿100,000,000.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save limits' })).toHaveProperty('disabled', true);
    // Lower the day's deposit limit, raise the month's loss limit from none.
    await user.clear(day);
    await user.type(day, '500');
    const lossMonth = screen.getAllByLabelText('Per month')[1]!;
    await user.type(lossMonth, '2000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/protection/limits')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/protection/limits')[0]!.body).toEqual({
      ...NO_PROTECTION_LIMITS,
      depositDay: 500,
      lossWeek: 500,
      lossMonth: 2000,
    });
    // The raise waits: shown with the time it may be confirmed, its button not yet usable.
    const pending = await screen.findByTestId('pending-limits');
    expect(within(pending).getByRole('button', { name: 'Confirm new limits' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it("[care] the deposit limit's days are the site's: Bangkok's on a Thai site, Vientiane's on a Laos one", async () => {
    logIn();
    mockApi({ 'GET /api/protection': () => json(limited) });
    const thai = await renderApp('/user/limits');
    expect(await screen.findByText(/^Everything you deposit in a Bangkok calendar day/)).toBeTruthy();
    thai.unmount();
    vi.stubEnv('VITE_REGION', 'la');
    try {
      await renderApp('/user/limits');
      expect(await screen.findByText(/^Everything you deposit in a Vientiane calendar day/)).toBeTruthy();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('[care] an increase whose 24 hours have passed is confirmed; a refusal is shown in words', async () => {
    logIn();
    let confirms = 0;
    const api = mockApi({
      'GET /api/protection': () =>
        json(
          protectionFixture({
            limits: { ...NO_PROTECTION_LIMITS, depositDay: 500 },
            pending: {
              limits: { ...NO_PROTECTION_LIMITS, depositDay: 2000 },
              appliesAt: '2026-11-22T10:00:00.000Z',
              confirmable: true,
            },
          }),
        ),
      'POST /api/protection/limits/confirm': () =>
        ++confirms === 1
          ? json({ message: 'LIMIT_NOT_YET' }, 409)
          : json(protectionFixture({ limits: { ...NO_PROTECTION_LIMITS, depositDay: 2000 } })),
    });
    const { user } = await renderApp('/user/limits');
    const pending = await screen.findByTestId('pending-limits');
    expect(pending.textContent).toContain('฿2,000.00');
    await user.click(within(pending).getByRole('button', { name: 'Confirm new limits' }));
    expect(await screen.findByText(errorEn('LIMIT_NOT_YET'))).toBeTruthy();
    await user.click(within(pending).getByRole('button', { name: 'Confirm new limits' }));
    await waitFor(() => expect(screen.queryByTestId('pending-limits')).toBeNull());
    expect(api.callsTo('POST', '/api/protection/limits/confirm')).toHaveLength(2);
    expect(((await screen.findAllByLabelText('Per day'))[0] as HTMLInputElement).value).toBe('2,000');
  });

  it('[care] a saved limit reads as an amount: grouped in Thai and English, its satang only when it has some, and saved back unchanged', async () => {
    logIn();
    const saved = { ...NO_PROTECTION_LIMITS, depositDay: 300_000, depositWeek: 1_234.5, lossMonth: 25 };
    const api = mockApi({
      'GET /api/protection': () => json(protectionFixture({ limits: saved })),
      'PUT /api/protection/limits': (call: Call) =>
        json(protectionFixture({ limits: call.body as typeof NO_PROTECTION_LIMITS })),
    });
    const { user } = await renderApp('/user/limits');
    const [day, week, month] = (await screen.findAllByRole('textbox')) as HTMLInputElement[];
    expect([day?.value, week?.value, month?.value]).toEqual(['300,000', '1,234.50', '']);
    expect((screen.getAllByLabelText('Per month')[1] as HTMLInputElement).value).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/protection/limits')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/protection/limits')[0]?.body).toEqual(saved);
  });

  it('[care] on Lao screens a kip limit is not grouped with commas (a comma there comes before the decimals)', async () => {
    vi.stubEnv('VITE_REGION', 'la');
    logIn();
    mockApi({
      'GET /api/protection': () =>
        json(
          protectionFixture({ currency: 'LAK', limits: { ...NO_PROTECTION_LIMITS, depositDay: 3_000_000 } }),
        ),
    });
    await renderApp('/user/limits', { locale: 'la' });
    const [day] = (await screen.findAllByRole('textbox')) as HTMLInputElement[];
    expect(day?.value).toBe('3000000');
  });

  it('[care] during a break the limits page does not say what may still be deposited', async () => {
    logIn();
    const until = new Date(Date.now() + 86_400_000).toISOString();
    mockApi({ 'GET /api/protection': () => json({ ...limited, block: { kind: 'TIMEOUT', until } }) });
    await renderApp('/user/limits');
    expect((await screen.findByTestId('protection-block')).textContent).toContain('on a break until');
    expect(screen.getAllByText('Used ฿300.00')).toHaveLength(3);
    expect(screen.queryByTestId('deposit-left')).toBeNull();
  });

  it('[care] a self-exclusion is asked once more, then started; the page says until when', async () => {
    logIn();
    const until = '2027-05-21T10:00:00.000Z';
    const api = mockApi({
      'POST /api/protection/exclusion': () =>
        json(protectionFixture({ block: { kind: 'EXCLUSION', until } })),
    });
    const { user } = await renderApp('/user/limits');
    await user.click(await screen.findByRole('button', { name: '6 months' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(api.callsTo('POST', '/api/protection/exclusion')).toHaveLength(0);
    // Every query is read again after it (game balances came back): the block is then shown.
    api.calls.length = 0;
    mockApi({
      'GET /api/protection': () => json(protectionFixture({ block: { kind: 'EXCLUSION', until } })),
      'POST /api/protection/exclusion': () =>
        json(protectionFixture({ block: { kind: 'EXCLUSION', until } })),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Start now' }));
    expect((await screen.findByTestId('protection-block')).textContent).toContain('self-excluded until');
    // During a self-exclusion no new break can be asked.
    expect(screen.getByRole('button', { name: '1 day' })).toHaveProperty('disabled', true);
  });

  it('[care] the reality check appears after the chosen interval with the time signed in and the session result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    logIn();
    const api = mockApi({
      'GET /api/protection': () =>
        json(
          protectionFixture({
            realityCheckMinutes: 15,
            session: { signedInAt: '2026-11-21T10:00:00.000Z', elapsedS: 3900, net: -250 },
          }),
        ),
    });
    const { user } = await renderApp('/user/home');
    await screen.findByTestId('member-name');
    await waitFor(() => expect(api.callsTo('GET', '/api/protection').length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();
    await passTime(15 * 60_000);
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog.textContent).toContain('You have been signed in for 1 h 5 min.');
    expect(within(dialog).getByTestId('reality-net').textContent).toBe('-฿250.00');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull());

    // Again after the next interval; "log out" ends the session.
    await passTime(15 * 60_000);
    const again = await screen.findByRole('dialog', { name: 'Reality check' });
    await user.click(within(again).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/logout')).toHaveLength(1));
  });

  it('[care] [issue 20] the reality check counts from sign-in, not from the page load: due 1 minute after a load at 14 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    logIn();
    const api = mockApi({
      'GET /api/protection': () =>
        json(
          protectionFixture({
            realityCheckMinutes: 15,
            session: { signedInAt: '2026-11-21T10:00:00.000Z', elapsedS: 14 * 60, net: 40 },
          }),
        ),
    });
    await renderApp('/user/home');
    await screen.findByTestId('member-name');
    await waitFor(() => expect(api.callsTo('GET', '/api/protection').length).toBeGreaterThan(0));
    await passTime(50_000);
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();
    await passTime(15_000);
    expect(await screen.findByRole('dialog', { name: 'Reality check' })).toBeTruthy();
  });

  it('[care] [issue 20] during a break marketing stops: no invite card or offers on the home, no programme tiles, no bonus offers', async () => {
    logIn();
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    mockApi({
      'GET /api/protection': () => json(protectionFixture({ block: { kind: 'TIMEOUT', until } })),
      'GET /api/spinwheel/active': () => json({ isActive: true }),
    });
    const { user, router } = await renderApp('/user/home');
    expect(await screen.findByTestId('offers-paused')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Wallet' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Show' })).toBeNull();
    expect(screen.queryByRole('button', { name: /spin/i })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    expect(within(drawer).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    for (const name of ['Invite friends', 'Bonus', 'Refund'])
      expect(within(drawer).queryByRole('button', { name })).toBeNull();

    await act(() => router.navigate('/user/bonus'));
    expect(await screen.findByTestId('offers-paused')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Promotion code/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Bonuses for you' })).toBeNull();
  });

  it('[care] during a break the deposit window says deposits are closed, and offers no account to pay into', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const { dialog } = await openDepositFromHome(depositLookup([depositChannel('SCB', 'BANK')]), {
      'GET /api/protection': () => json(protectionFixture({ block: { kind: 'TIMEOUT', until } })),
    });
    expect(await within(dialog).findByText('No deposits during your break')).toBeTruthy();
    expect(within(dialog).queryByRole('tab')).toBeNull();
    expect(within(dialog).queryByRole('group', { name: /^SCB Pay/ })).toBeNull();
  });

  it('[care] with the deposit limit used up, the deposit window says what a transfer still does', async () => {
    const { dialog } = await openDepositFromHome(depositLookup([depositChannel('SCB', 'BANK')]), {
      'GET /api/protection': () => json(protectionFixture({ ...limited, depositLeft: 0 })),
    });
    expect(
      await within(dialog).findByText(/You have reached your deposit limit for this period/),
    ).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: /^SCB Pay/ })).toBeTruthy();
  });

  it.each([
    ['th', 'วงเงินและการพัก', 'รอบนี้ฝากได้อีก'],
    ['la', 'ວົງເງິນ ແລະ ການພັກ', 'ຮອບນີ້ຝາກໄດ້ອີກ'],
  ] as const)('[care] the page speaks %s', async (locale, title, left) => {
    logIn();
    mockApi({ 'GET /api/protection': () => json(limited) });
    await renderApp('/user/limits', { locale });
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByTestId('deposit-left').textContent).toContain(left);
  });

  it('[care] after six months the home asks for a check-in; either answer records the review and the prompt goes', async () => {
    logIn();
    let due = true;
    const api = mockApi({
      'GET /api/protection': () => json(protectionFixture({ reviewDue: due })),
      'POST /api/protection/review': () => {
        due = false;
        return json(protectionFixture({ reviewDue: false }));
      },
    });
    const { user, router } = await renderApp('/user/home');
    const prompt = await screen.findByTestId('review-prompt');
    expect(within(prompt).getByText('Time for a check-in')).toBeTruthy();
    await user.click(within(prompt).getByRole('button', { name: 'All fine' }));
    await waitFor(() => expect(screen.queryByTestId('review-prompt')).toBeNull());
    expect(api.callsTo('POST', '/api/protection/review')).toHaveLength(1);
    expect(location(router)).toBe('/user/home');
  });

  it('[care] "Review my limits" opens the limits page and records the review', async () => {
    logIn();
    const api = mockApi({
      'GET /api/protection': () => json(protectionFixture({ reviewDue: true })),
      'POST /api/protection/review': () => json(protectionFixture({ reviewDue: false })),
    });
    const { user, router } = await renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Review my limits' }));
    await waitFor(() => expect(location(router)).toBe('/user/limits'));
    expect(api.callsTo('POST', '/api/protection/review')).toHaveLength(1);
  });

  it('[care] no check-in prompt when none is due', async () => {
    logIn();
    mockApi({ 'GET /api/protection': () => json(protectionFixture({ reviewDue: false })) });
    await renderApp('/user/home');
    await screen.findByRole('region', { name: 'Wallet' });
    expect(screen.queryByTestId('review-prompt')).toBeNull();
  });
});
