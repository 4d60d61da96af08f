import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, rewards, withdrawals } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, json, mockApi, walletFixture, type Handler, logIn } from './api';
import { confirmWithPin, pinStatus, TEST_PIN } from './pin';
import { errorEn, renderApp } from './render';

const funded = walletFixture({ wallet: { amount: 1234.5, currency: 'BAHT' }, total: 1234.5 });

const paid =
  (amount: number): Handler =>
  () =>
    json(
      withdrawals.withdraw.response.parse({
        withdrawalId: 'wd_1',
        amount,
        status: 'PENDING',
        balance: 1234.5 - amount,
        createdAt: new Date().toISOString(),
      }),
    );

async function openWithdraw(handlers: Record<string, Handler> = {}) {
  logIn();
  // A member with a withdrawal PIN: each withdrawal is confirmed on the review with it (withdraw-pin.test.tsx).
  const api = mockApi({
    'GET /api/wallet': () => json(funded),
    'GET /api/account/pin': pinStatus(true),
    ...handlers,
  });
  const app = await renderApp('/user/home');
  await screen.findByRole('region', { name: 'Wallet' });
  await app.user.click(screen.getByRole('button', { name: 'Open quick actions' }));
  const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
  await app.user.click(within(drawer).getByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
  return { ...app, api, dialog };
}

describe('withdraw', () => {
  it('[WD-1] shows the limits and refuses amounts outside them, with the limit in the message', async () => {
    const { user, dialog, api } = await openWithdraw();
    expect((await within(dialog).findByTestId('withdraw-limits')).textContent).toBe(
      'Minimum ฿100.00 · Maximum ฿50,000.00',
    );
    expect(within(dialog).getByTestId('withdraw-available').textContent).toBe('฿1,234.50');
    const amount = within(dialog).getByLabelText('Amount');
    await user.type(amount, '99.99');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('The minimum withdrawal is ฿100.00')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '50000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('The maximum withdrawal is ฿50,000.00')).toBeTruthy();
    // More than the wallet holds is said on the form, before a PIN is asked for.
    await user.clear(amount);
    await user.type(amount, '1234.51');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('That is more than your wallet holds (฿1,234.50).')).toBeTruthy();
    expect(within(dialog).queryByLabelText(/PIN/)).toBeNull();
    expect(api.callsTo('POST', '/api/wallet/withdraw')).toHaveLength(0);
  });

  it('[WD-1] withdraw all sends the balance the member saw to withdrawAll', async () => {
    const { user, dialog, api } = await openWithdraw({ 'POST /api/wallet/withdrawAll': paid(1234.5) });
    await within(dialog).findByTestId('withdraw-limits');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Withdraw everything (฿1,234.50)' }));
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('1,234.50');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await confirmWithPin(user, dialog);
    expect(await within(dialog).findByText('Withdrawal requested')).toBeTruthy();
    const [call] = api.callsTo('POST', '/api/wallet/withdrawAll');
    expect(call?.body).toEqual({ amount: 1234.5, pin: TEST_PIN });
    expect(call?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(api.callsTo('POST', '/api/wallet/withdraw')).toHaveLength(0);
  });

  it('[WD-2] sends an Idempotency-Key, reuses it after a network error, then shows the pending payout', async () => {
    let attempts = 0;
    const { user, dialog, api } = await openWithdraw({
      'POST /api/wallet/withdraw': (call) => {
        attempts += 1;
        if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return paid((call.body as { amount: number }).amount)(call);
      },
    });
    const walletCallsBefore = api.callsTo('GET', '/api/wallet').length;
    await user.type(within(dialog).getByLabelText('Amount'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await confirmWithPin(user, dialog);
    // The review stays, for the same request again.
    expect(await within(dialog).findByText(errorEn('NETWORK_ERROR'))).toBeTruthy();
    await confirmWithPin(user, dialog);
    const status = await within(dialog).findByRole('status');
    expect(within(status).getByText('Withdrawal requested')).toBeTruthy();
    expect(within(status).getByTestId('withdrawn-amount').textContent).toBe('฿500.00');
    expect(within(status).getByText('Pending')).toBeTruthy();
    expect(
      within(status).getByText('It will be paid to your registered bank account: Kasikornbank 123-456-7890.'),
    ).toBeTruthy();
    // A member cannot cancel a withdrawal.
    expect(within(dialog).queryByRole('button', { name: /cancel/i })).toBeNull();

    const [first, retry] = api.callsTo('POST', '/api/wallet/withdraw');
    expect(first?.body).toEqual({ amount: 500, pin: TEST_PIN });
    expect(first?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(retry?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
    // The wallet is asked again once the money left it.
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(walletCallsBefore));

    // After a final answer the next withdrawal gets a new key.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    await user.click(within(drawer).getByRole('button', { name: 'Withdraw' }));
    const again = await screen.findByRole('dialog', { name: 'Withdraw' });
    await user.type(within(again).getByLabelText('Amount'), '200');
    await user.click(within(again).getByRole('button', { name: 'Withdraw' }));
    await confirmWithPin(user, again);
    await within(again).findByText('Withdrawal requested');
    const third = api.callsTo('POST', '/api/wallet/withdraw')[2];
    expect(third?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(third?.headers.get(IDEMPOTENCY_HEADER)).not.toBe(first?.headers.get(IDEMPOTENCY_HEADER));
  });

  it('[WD-2] a refusal (MONEY_NOT_ENOUGH) is translated, and the next try carries a new key', async () => {
    const { user, dialog, api } = await openWithdraw({
      'POST /api/wallet/withdraw': () => fail('MONEY_NOT_ENOUGH', 422),
    });
    await user.type(within(dialog).getByLabelText('Amount'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await confirmWithPin(user, dialog);
    // Back on the form, which says why.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorEn('MONEY_NOT_ENOUGH'));
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await confirmWithPin(user, dialog);
    await waitFor(() => expect(api.callsTo('POST', '/api/wallet/withdraw')).toHaveLength(2));
    const [a, b] = api.callsTo('POST', '/api/wallet/withdraw');
    expect(b?.headers.get(IDEMPOTENCY_HEADER)).not.toBe(a?.headers.get(IDEMPOTENCY_HEADER));
  });

  it('[BON-5] [issue 20] an active bonus shows its lock on the withdraw form, with how far the member is, before a try', async () => {
    const reward = rewards.activeRewardSchema.parse({
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
      turnoverNeeded: 1500,
      balance: 450,
      failBelow: 20,
      canClear: false,
    });
    const { dialog, api } = await openWithdraw({ 'GET /api/rewards/active': () => json({ reward }) });
    const lock = await within(dialog).findByTestId('withdraw-bonus-lock');
    expect(lock.textContent).toContain('An active bonus holds your withdrawals');
    expect(lock.textContent).toContain(
      'Turnover ฿300.00 of ฿1,500.00: play ฿1,200.00 more, or until your balance falls below ฿20.00',
    );
    expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toHaveProperty('disabled', true);
    expect(api.callsTo('POST', '/api/wallet/withdraw')).toHaveLength(0);
  });

  it('[BON-5] [issue 20] a bonus whose exit already holds does not lock the form (it ends at the withdrawal)', async () => {
    const reward = rewards.activeRewardSchema.parse({
      id: 'r9',
      source: 'bonus',
      reference: 'WEEKLY50:2026-11-23:1',
      title: { en: 'Weekly 50 baht' },
      amount: 200,
      percentSuccess: 500,
      percentFail: 10,
      categories: null,
      createdAt: '2026-11-23T01:00:00.000Z',
      turnoverDone: 1500,
      turnoverNeeded: 1500,
      balance: 450,
      failBelow: 20,
      canClear: true,
    });
    const { dialog, api } = await openWithdraw({ 'GET /api/rewards/active': () => json({ reward }) });
    await waitFor(() => expect(api.callsTo('GET', '/api/rewards/active')).toHaveLength(1));
    await within(dialog).findByTestId('withdraw-limits');
    expect(within(dialog).queryByTestId('withdraw-bonus-lock')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toHaveProperty('disabled', false);
  });
});
