import { consoleProgrammes } from '@krapao/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type Call } from './api';
import { emptyBonus } from '../src/console/pages/programmes/ProgrammeForm';
import { FIRST_LOAD, meFixture, renderConsole } from './console';

// Issue 19 item 8: the wheel's form shows each slice's odds from the weights as they are typed, before
// anything is saved, and checks the form with the contract's own schema (no 500 to learn it from).

const wheel = consoleProgrammes.wheel.response.parse({
  name: { en: 'Lucky wheel' },
  active: true,
  couponValidDays: 7,
  slices: [
    { code: 'BIG', weight: 1, type: 'credit', amounts: { BAHT: 100, LAK: 50_000 } },
    { code: 'COIN', weight: 3, type: 'coins', coins: 2 },
    { code: 'NONE', weight: 4, type: 'nothing' },
  ].map((s) => ({
    ...s,
    label: { en: s.code },
    name: { en: s.code },
    bgColor: '#0f7b5f',
    textColor: '#ffffff',
  })),
  coinRules: [{ currency: 'BAHT', amountPerCoin: 100, maxPerDeposit: 5 }],
});

const marketing = meFixture('marketing', {
  permissions: ['bonuses.read', 'bonuses.manage', 'wheel.read', 'wheel.manage', 'rules.read', 'rules.manage'],
});

async function openWheel(
  put: (call: Call) => Response = (call) => json({ ...wheel, slices: (call.body as typeof wheel).slices }),
) {
  const view = await renderConsole('/console/programmes/wheel', 'marketing', {
    'GET /api/console/me': () => json(marketing),
    'GET /api/console/wheel': () => json(wheel),
    'PUT /api/console/wheel/slices': put,
    'PUT /api/console/wheel/coin-rule': () => json(wheel),
  });
  await screen.findByTestId('wheel-slices', {}, FIRST_LOAD);
  return view;
}

const odds = (i: number) => screen.getByTestId(`slice-odds-${i}`).textContent;
const weight = (i: number) => within(screen.getByTestId(`slice-${i}`)).getByLabelText(/^Weight of/);

describe('console programmes', () => {
  it("[console] the wheel form shows each slice's odds as the weights are typed, before saving, then saves them", async () => {
    const { api, user } = await openWheel();
    expect([odds(0), odds(1), odds(2)]).toEqual(['12.5%', '37.5%', '50%']);
    expect(screen.getByText('1 in 8')).toBeTruthy();

    await user.clear(weight(0));
    await user.type(weight(0), '4');
    // 4 of 11: shown at once, nothing sent.
    await waitFor(() => expect([odds(0), odds(1), odds(2)]).toEqual(['36.36%', '27.27%', '36.36%']));
    expect(api.callsTo('PUT', '/api/console/wheel/slices')).toEqual([]);

    await user.click(screen.getByTestId('wheel-save'));
    await waitFor(() => expect(api.callsTo('PUT', '/api/console/wheel/slices')).toHaveLength(1));
    const sent = api.callsTo('PUT', '/api/console/wheel/slices')[0]!.body as typeof wheel;
    expect(sent.slices.map((s) => [s.code, s.weight])).toEqual([
      ['BIG', 4],
      ['COIN', 3],
      ['NONE', 4],
    ]);
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('[console] weights that add up to nothing, and a coin limit the database cannot hold, are refused in the form with a text', async () => {
    const { api, user } = await openWheel();
    for (const i of [0, 1, 2]) {
      await user.clear(weight(i));
      await user.type(weight(i), '0');
    }
    expect([odds(0), odds(1), odds(2)]).toEqual(['-', '-', '-']);
    await user.click(screen.getByTestId('wheel-save'));
    expect(await screen.findByText('At least one slice needs a weight above 0.')).toBeTruthy();

    const max = screen.getByTestId('coin-max-BAHT');
    fireEvent.change(max, { target: { value: '10000000000' } });
    const card = max.closest('.mantine-Card-root') as HTMLElement;
    await user.click(within(card).getAllByRole('button', { name: 'Save' })[0]!);
    expect(await within(card).findByText('At most 1,000,000.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/console/wheel/slices')).toEqual([]);
    expect(api.callsTo('PUT', '/api/console/wheel/coin-rule')).toEqual([]);
  });

  it("[console] the bonuses' list names each in the operator's language, else in one the operator wrote", async () => {
    const bonus = (code: string, name: Record<string, string>) =>
      consoleProgrammes.consoleBonusSchema.parse({ ...emptyBonus(), code, name, claims: 0 });
    await renderConsole('/console/programmes/bonuses', 'marketing', {
      'GET /api/console/me': () => json(marketing),
      'GET /api/console/bonuses': () =>
        json({
          items: [
            bonus('DAILY10', { th: 'ฝากรายวันรับ 10%', en: 'Daily deposit 10%' }),
            bonus('THAIONLY', { th: 'โบนัสสมาชิกใหม่' }),
          ],
        }),
    });
    expect(await screen.findByText('Daily deposit 10%', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByText('ฝากรายวันรับ 10%')).toBeNull();
    expect(screen.getByText('โบนัสสมาชิกใหม่')).toBeTruthy();
  });

  it('[console] a bonus with a percent or an order the database cannot keep is refused in the form, translated, and not sent', async () => {
    const { api, user } = await renderConsole('/console/programmes/bonuses', 'marketing', {
      'GET /api/console/me': () => json(marketing),
      'GET /api/console/bonuses': () => json({ items: [] }),
      'PUT /api/console/bonuses': () => json({}),
    });
    await user.click(await screen.findByRole('button', { name: 'New bonus' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'New bonus' });
    await user.type(within(dialog).getByLabelText('Code'), 'NEWBIE');
    await user.type(within(dialog).getByLabelText('Name (English)'), 'New member bonus');
    fireEvent.change(within(dialog).getByTestId('field-reward-percent'), { target: { value: '0.000001' } });
    fireEvent.change(within(dialog).getByTestId('field-sort'), { target: { value: '10000000000' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least 0.01.')).toBeTruthy();
    expect(within(dialog).getByText('At most 1,000,000.')).toBeTruthy();
    expect(within(dialog).getByText('Check the fields marked in red: nothing was saved.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/console/bonuses')).toEqual([]);
  });

  const withdrawalSettings = consoleProgrammes.withdrawalSettings.response.parse({
    limits: { BAHT: { min: 100, max: 50_000 }, LAK: { min: 50_000, max: 50_000_000 } },
    autoPayout: true,
    newAccountHoldHours: 24,
    approvalAbove: { BAHT: null, LAK: 20_000_000 },
    alertAbove: { BAHT: 10_000, LAK: null },
  });

  it('[console] finance reads the withdrawal settings without a save button; the QR and slip settings are not shown to them', async () => {
    await renderConsole('/console/settings', 'finance', {
      'GET /api/console/settings/withdrawals': () => json(withdrawalSettings),
    });
    expect(await screen.findByText('Only an admin can change these settings.', {}, FIRST_LOAD)).toBeTruthy();
    expect((screen.getByLabelText('Least withdrawal (baht)') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByText('QR minimums')).toBeNull();
  });

  it("[console] the admin's withdrawal limits: a maximum below the minimum is refused in the form; a good change is sent", async () => {
    const { api, user } = await renderConsole('/console/settings/withdrawals', 'admin', {
      'GET /api/console/me': () =>
        json(meFixture('admin', { permissions: ['withdrawals.read', 'settings.read', 'settings.manage'] })),
      'GET /api/console/settings/withdrawals': () => json(withdrawalSettings),
      'PUT /api/console/settings/withdrawals': (call) => json(call.body),
    });
    const max = await screen.findByLabelText('Most per withdrawal (baht)', {}, FIRST_LOAD);
    fireEvent.change(max, { target: { value: '50' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The maximum must not be below the minimum.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/console/settings/withdrawals')).toEqual([]);

    fireEvent.change(max, { target: { value: '20000' } });
    await user.click(screen.getByRole('switch', { name: /Pay withdrawals automatically/ }));
    // Four-eyes: a baht threshold set, the kip one emptied.
    expect((screen.getByLabelText('Second approval above (kip)') as HTMLInputElement).value).toBe(
      '20,000,000',
    );
    fireEvent.change(screen.getByLabelText('Second approval above (baht)'), { target: { value: '30000' } });
    fireEvent.change(screen.getByLabelText('Second approval above (kip)'), { target: { value: '' } });
    // The alert's own amount: the baht one emptied (the second-approval amount then), a kip one set.
    expect((screen.getByLabelText('Alert the team above (baht)') as HTMLInputElement).value).toBe('10,000');
    fireEvent.change(screen.getByLabelText('Alert the team above (baht)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Alert the team above (kip)'), { target: { value: '5000000' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/console/settings/withdrawals')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/console/settings/withdrawals')[0]!.body).toMatchObject({
      limits: { BAHT: { min: 100, max: 20_000 } },
      autoPayout: false,
      approvalAbove: { BAHT: 30_000, LAK: null },
      alertAbove: { BAHT: null, LAK: 5_000_000 },
    });
  });
});
