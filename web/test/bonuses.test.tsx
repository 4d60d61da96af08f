import { bonuses, rewards, type ActiveReward, type Bonus } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BonusView } from '../src/features/bonuses/components/BonusView';
import { fail, json, logIn, mockApi, type Handler } from './api';
import { errorEn, renderApp, renderUi } from './render';

// The web side of bonuses and promotion codes: /user/bonus (BON-1), its cards and bonus modal (BON-2) and
// the promotion modal (BON-4), as a member sees them; answers are the contract's.

const bonus = (over: Partial<Bonus> = {}): Bonus =>
  bonuses.bonusSchema.parse({
    _id: '1',
    code: 'WELCOME100',
    name: { th: 'โบนัสต้อนรับ 100%', la: 'ໂບນັດຕ້ອນຮັບ 100%', en: 'Welcome bonus 100%' },
    notice: { en: 'If your balance falls below %percentFail%% of the bonus, it ends.' },
    type: 'limit',
    maxReceived: 1,
    receivedInPeriod: 0,
    percentSuccess: 500,
    percentFail: 10,
    minDeposit: 100,
    reward: { kind: 'percent', percent: 100, max: 500 },
    categories: null,
    banners: [
      { image: '/programmes/welcome.svg', html: '<b>Welcome</b><img src=x onerror="window.hacked=1">' },
      { image: '/programmes/rules.svg', html: '' },
    ],
    state: 'available',
    userBonus: null,
    ...over,
  });

const daily = bonus({
  _id: '2',
  code: 'DAILY10',
  name: { en: 'Daily deposit 10%' },
  type: 'day',
  maxReceived: 2,
  receivedInPeriod: 2,
  state: 'received',
  reward: { kind: 'percent', percent: 10, max: 300 },
  banners: [{ image: '/programmes/daily.svg', html: '' }],
});
const weekly = bonus({
  _id: '3',
  code: 'WEEKLY50',
  name: { en: 'Weekly 50 baht' },
  type: 'week',
  state: 'current',
  reward: { kind: 'fixed', amount: 50 },
  banners: [{ image: '/programmes/weekly.svg', html: '' }],
  userBonus: { _id: 'r9', isActive: true, received: [{ updatedAt: '2026-11-23T01:00:00.000Z' }] },
});

const activeReward = (over: Partial<ActiveReward> = {}): ActiveReward =>
  rewards.activeRewardSchema.parse({
    id: 'r9',
    source: 'bonus',
    reference: 'WEEKLY50:2026-11-23:1',
    title: { en: 'Weekly 50 baht' },
    amount: 200,
    percentSuccess: 500,
    percentFail: 10,
    categories: null,
    createdAt: '2026-11-23T01:00:00.000Z',
    turnoverDone: 300,
    turnoverNeeded: 1000,
    balance: 450,
    failBelow: 20,
    canClear: false,
    ...over,
  });

const promotion = bonuses.promotionSchema.parse({
  code: 'KRAPAO50',
  description: { en: 'Promotion code KRAPAO50: 50% of your latest deposit.' },
  percentSuccess: 400,
  percentFail: 15,
  minDeposit: 100,
  reward: { kind: 'percent', percent: 50, max: 300 },
  categories: null,
  validFrom: null,
  validTo: null,
  remaining: 10,
});

const activation = (code: string, amount: number) =>
  json(bonuses.activate.response.parse({ _id: 'r10', isActive: true, received: [], code, amount }));

async function page(
  handlers: Record<string, Handler>,
  list: Bonus[] = [bonus(), daily],
  active: ActiveReward | null = null,
) {
  logIn();
  const api = mockApi({
    'GET /api/bonus': () => json(list),
    'GET /api/rewards/active': () => json({ reward: active }),
    ...handlers,
  });
  const moved = vi.fn();
  const ui = await renderUi(<BonusView onMoneyMoved={moved} />);
  await screen.findByRole('list', { name: 'Bonuses for you' });
  return { ...ui, api, moved };
}

describe('/user/bonus', () => {
  it('[BON-1] the page has its title and, with no active bonus, the promotion code input: upper-case and required', async () => {
    logIn();
    mockApi({
      'GET /api/bonus': () => json([bonus()]),
      'GET /api/rewards/active': () => json({ reward: null }),
    });
    await renderApp('/user/bonus');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonuses' })).toBeTruthy();
    const { user, api } = await page({});
    const input = screen.getAllByRole('textbox', { name: /Promotion code/ }).at(-1)! as HTMLInputElement;
    expect(input.required).toBe(true);
    const form = input.closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText('Enter a promotion code')).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('/api/promotion/'))).toBe(false);
    await user.type(input, 'krapao50');
    expect(input.value).toBe('KRAPAO50');
  });

  it('[BON-1] an active bonus shows its type, both exits and a cancel that explains BONUS_CONDITION', async () => {
    let cleared = false;
    const { user, api, moved } = await page(
      {
        'GET /api/bonus/clear': () =>
          cleared ? json({ message: 'BONUS_CLEAR', outcome: 'SUCCESS' }) : fail('BONUS_CONDITION'),
      },
      [bonus(), weekly],
      activeReward(),
    );
    const active = within(await screen.findByRole('region', { name: 'Your active bonus' }));
    expect(active.getByText('Weekly 50 baht')).toBeTruthy();
    expect(active.getByText('Bonus')).toBeTruthy();
    expect(screen.getByTestId('bonus-turnover').textContent).toBe('฿300.00 of ฿1,000.00');
    expect(screen.getByTestId('bonus-balance').textContent).toBe('฿450.00');
    expect(active.getByText(/falls below ฿20.00 \(10% of the bonus\)/)).toBeTruthy();
    // No promotion input while a bonus is active (BON-1: one or the other).
    expect(screen.queryByRole('textbox', { name: /Promotion code/ })).toBeNull();

    await user.click(active.getByRole('button', { name: 'Cancel bonus' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(errorEn('BONUS_CONDITION'));
    expect(alert.textContent).toContain('Still to play: ฿700.00 of turnover, or a balance below ฿20.00.');
    expect(moved).not.toHaveBeenCalled();

    cleared = true;
    await user.click(active.getByRole('button', { name: 'Cancel bonus' }));
    await waitFor(() => expect(moved).toHaveBeenCalled());
    expect(api.callsTo('GET', '/api/bonus/clear')).toHaveLength(2);
    expect(await screen.findByText('Turnover reached: the bonus is now your money.')).toBeTruthy();
  });

  it('[BON-5] [issue 20] what clearing needs and how far the member is show before the cancel is pressed', async () => {
    const { api } = await page({}, [bonus(), weekly], activeReward());
    const active = within(await screen.findByRole('region', { name: 'Your active bonus' }));
    expect(screen.getByTestId('bonus-turnover').textContent).toBe('฿300.00 of ฿1,000.00');
    expect(active.getByTestId('bonus-still-to-play').textContent).toBe(
      'Still to play: ฿700.00 of turnover, or a balance below ฿20.00.',
    );
    expect(api.callsTo('GET', '/api/bonus/clear')).toHaveLength(0);
  });
});

describe('bonus cards and the bonus modal', () => {
  it("[BON-2] cards show banners, 'current' on the active one and 'received' disabled; a click opens the modal with the notice filled in", async () => {
    const { user } = await page({}, [bonus(), daily, weekly], activeReward());
    const grid = screen.getByRole('list', { name: 'Bonuses for you' });
    const welcome = within(grid).getByRole('button', { name: 'Welcome bonus 100%' });
    expect(welcome.querySelector('img')?.getAttribute('src')).toBe('/programmes/welcome.svg');
    const received = within(grid).getByRole('button', { name: 'Daily deposit 10%' }) as HTMLButtonElement;
    expect(received.disabled).toBe(true);
    expect(within(received).getByText('Received')).toBeTruthy();
    expect(within(received).getByText('Today: 2 of 2')).toBeTruthy();
    expect(
      within(within(grid).getByRole('button', { name: 'Weekly 50 baht' })).getByText('Current'),
    ).toBeTruthy();

    await user.click(welcome);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome bonus 100%' });
    expect(within(dialog).getByTestId('bonus-notice').textContent).toBe(
      'If your balance falls below 10% of the bonus, it ends.',
    );
    // The banner carousel: both banners, arrows, and the operator's HTML cleaned.
    const carousel = within(dialog).getByRole('region', { name: 'Welcome bonus 100%' });
    expect(carousel.querySelectorAll('img[src^="/programmes/"]')).toHaveLength(2);
    expect(within(carousel).getByRole('button', { name: 'Next banner' })).toBeTruthy();
    expect(carousel.innerHTML).toContain('<b>Welcome</b>');
    expect(carousel.innerHTML).not.toContain('onerror');
    expect(within(dialog).getByText('100% of your latest deposit, up to ฿500.00')).toBeTruthy();
    expect(within(dialog).getByText('Play 5× the bonus to make it your money')).toBeTruthy();
  });

  it('[BON-2] receive calls activate; with another bonus active it first asks, then ends it and receives; errors are translated', async () => {
    let clearAnswer: Response = fail('BONUS_CONDITION');
    const { user, api, moved } = await page(
      {
        'GET /api/bonus/activate/WELCOME100': () => activation('WELCOME100', 200),
        'GET /api/bonus/clear': () => clearAnswer,
      },
      [bonus(), weekly],
      activeReward({ canClear: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Welcome bonus 100%' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome bonus 100%' });
    await user.click(within(dialog).getByRole('button', { name: 'Receive bonus' }));
    // Another bonus is active: a confirm, nothing sent yet.
    expect(within(dialog).getByText('You already have an active bonus')).toBeTruthy();
    expect(api.callsTo('GET', '/api/bonus/activate/WELCOME100')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End it and receive' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(errorEn('BONUS_CONDITION'));
    expect(alert.textContent).toContain('Your active bonus cannot end yet');
    expect(api.callsTo('GET', '/api/bonus/activate/WELCOME100')).toHaveLength(0);

    clearAnswer = json({ message: 'BONUS_CLEAR', outcome: 'SUCCESS' });
    await user.click(within(dialog).getByRole('button', { name: 'Receive bonus' }));
    await user.click(within(dialog).getByRole('button', { name: 'End it and receive' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/bonus/activate/WELCOME100')).toHaveLength(1));
    expect(await screen.findByText('Bonus received: ฿200.00 added to your wallet')).toBeTruthy();
    expect(moved).toHaveBeenCalled();
  });

  it('[BON-2] without an active bonus receive is sent at once; BONUS_MAX_CLAIMED is shown translated', async () => {
    const { user, api } = await page({
      'GET /api/bonus/activate/WELCOME100': () => fail('BONUS_MAX_CLAIMED'),
    });
    await user.click(screen.getByRole('button', { name: 'Welcome bonus 100%' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome bonus 100%' });
    await user.click(within(dialog).getByRole('button', { name: 'Receive bonus' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(errorEn('BONUS_MAX_CLAIMED'));
    expect(api.callsTo('GET', '/api/bonus/activate/WELCOME100')).toHaveLength(1);
  });
});

describe('the promotion modal', () => {
  it("[BON-4] 'searching', then the found promotion with percentFail and description and a receive button", async () => {
    let release: () => void = () => {};
    const { user, api, moved } = await page({
      'GET /api/promotion/find/KRAPAO50': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(promotion));
        }),
      'GET /api/promotion/activate/KRAPAO50': () => activation('KRAPAO50', 150),
    });
    await user.type(screen.getByRole('textbox', { name: /Promotion code/ }), 'krapao50');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promotion' });
    expect(within(dialog).getByText('Searching…')).toBeTruthy();
    release();
    expect(
      await within(dialog).findByText('Promotion code KRAPAO50: 50% of your latest deposit.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('The bonus ends if your balance falls below 15% of it.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Receive promotion' }));
    expect(await screen.findByText('Bonus received: ฿150.00 added to your wallet')).toBeTruthy();
    expect(api.callsTo('GET', '/api/promotion/activate/KRAPAO50')).toHaveLength(1);
    expect(moved).toHaveBeenCalled();
  });

  it("[BON-4] 'promotion not found' for the empty answer; the code is sent upper-cased and encoded; refusals translated", async () => {
    const { user, api } = await page({
      'GET /api/promotion/find/NO%20SUCH': () => json({}),
      'GET /api/promotion/find/KRAPAO50': () => json(promotion),
      'GET /api/promotion/activate/KRAPAO50': () => fail('PROMOTION_RECEIVED'),
    });
    const input = screen.getByRole('textbox', { name: /Promotion code/ });
    await user.type(input, 'no such');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promotion' });
    expect((await within(dialog).findByTestId('promotion-not-found')).textContent).toBe(
      'Promotion NO SUCH not found.',
    );
    expect(api.callsTo('GET', '/api/promotion/find/NO%20SUCH')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.clear(input);
    await user.type(input, 'krapao50');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const again = await screen.findByRole('dialog', { name: 'Promotion' });
    await user.click(await within(again).findByRole('button', { name: 'Receive promotion' }));
    expect((await within(again).findByRole('alert')).textContent).toContain(errorEn('PROMOTION_RECEIVED'));
  });
});
