// Member care: the review screen and the withdrawal PIN, set at the first withdrawal; the sign-in list.
import { security, withdrawals } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LastSignInNotice } from '../src/features/accounts/components/LastSignInNotice';
import { SignInHistory } from '../src/features/accounts/components/profile/SignInHistory';
import { WithdrawalPinCard } from '../src/features/withdrawals/components/WithdrawalPinCard';
import { WithdrawModal } from '../src/features/withdrawals/components/WithdrawModal';
import { fail, json, logIn, mockApi, walletFixture, type Handler } from './api';
import { pinStatus, typePin } from './pin';
import { errorEn, renderUi } from './render';

const account = walletFixture().bankAccount;
const paid: Handler = (call) =>
  json(
    withdrawals.withdraw.response.parse({
      withdrawalId: 'wd_1',
      amount: (call.body as { amount: number }).amount,
      status: 'PENDING',
      balance: 1000,
      createdAt: new Date().toISOString(),
    }),
  );

async function openModal(handlers: Record<string, Handler>) {
  logIn();
  const api = mockApi(handlers);
  const onWithdrawn = vi.fn();
  const view = await renderUi(
    <WithdrawModal
      opened
      onClose={() => undefined}
      limits={{ withdrawMin: 100, withdrawMax: 50_000 }}
      limitsLoading={false}
      balanceMinor={150_000}
      currency="BAHT"
      account={account}
      onWithdrawn={onWithdrawn}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
  return { ...view, api, dialog, onWithdrawn };
}

describe('withdrawal review and PIN', () => {
  it('[care] the review shows amount, bank, account and that it cannot be cancelled; the PIN confirms it', async () => {
    const { user, dialog, api, onWithdrawn } = await openModal({
      'GET /api/account/pin': pinStatus(true),
      'POST /api/wallet/withdraw': paid,
    });
    await user.type(within(dialog).getByLabelText('Amount'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    const review = await within(dialog).findByTestId('review-step');
    expect(within(review).getByTestId('review-amount').textContent).toBe('฿500.00');
    expect(within(review).getByTestId('review-bank').textContent).toBe('Kasikornbank');
    expect(within(review).getByTestId('review-account').textContent).toBe('123-456-7890SOMCHAI JAIDEE');
    expect(within(review).getByTestId('review-warning').textContent).toBe(
      'A withdrawal cannot be cancelled once requested.',
    );
    // Nothing is sent before the PIN.
    expect(api.callsTo('POST', '/api/wallet/withdraw')).toHaveLength(0);
    await typePin(user, within(review).getByTestId('review-pin'), '482915');
    expect(await within(dialog).findByText('Withdrawal requested')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/withdraw').map((c) => c.body)).toEqual([
      { amount: 500, pin: '482915' },
    ]);
    expect(onWithdrawn).toHaveBeenCalledTimes(1);
  });

  it('[care] a wrong PIN is said on the review and the boxes empty; a blocked PIN says it is locked', async () => {
    let tries = 0;
    const { user, dialog, api } = await openModal({
      'GET /api/account/pin': pinStatus(true),
      'POST /api/wallet/withdraw': () =>
        fail(++tries === 1 ? 'PIN_WRONG' : 'PIN_BLOCK', tries === 1 ? 400 : 429),
    });
    await user.type(within(dialog).getByLabelText('Amount'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await typePin(user, await within(dialog).findByTestId('review-pin'), '000001');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorEn('PIN_WRONG'));
    const boxes = [...within(dialog).getByTestId('review-pin').querySelectorAll('input')];
    expect(boxes.map((b) => b.value).join('')).toBe('');
    await typePin(user, within(dialog).getByTestId('review-pin'), '000002');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(errorEn('PIN_BLOCK')));
    expect(api.callsTo('POST', '/api/wallet/withdraw')).toHaveLength(2);
    expect(within(dialog).queryByText('Withdrawal requested')).toBeNull();
  });

  it('[care] a member without a PIN sets one at the first withdrawal (password, PIN twice), then confirms with it', async () => {
    let set = false;
    const { user, dialog, api } = await openModal({
      'GET /api/account/pin': () => pinStatus(set)({} as never),
      'PUT /api/account/pin': () => {
        set = true;
        return json({ set: true, blockedUntil: null });
      },
      'POST /api/wallet/withdrawAll': paid,
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Withdraw everything (฿1,500.00)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    const form = await within(dialog).findByTestId('set-pin-form');
    expect(within(form).getByText(/Before your first withdrawal, set a 6-digit withdrawal PIN/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Current password'), 'krapao-demo-1');
    await typePin(user, within(form).getByTestId('new-pin'), '482915');
    await typePin(user, within(form).getByTestId('repeat-pin'), '482916');
    await user.click(within(form).getByRole('button', { name: 'Set PIN and continue' }));
    expect(within(form).getByRole('alert').textContent).toBe('The two PINs do not match.');
    expect(api.callsTo('PUT', '/api/account/pin')).toHaveLength(0);

    await typePin(user, within(form).getByTestId('repeat-pin'), '482915');
    await user.click(within(form).getByRole('button', { name: 'Set PIN and continue' }));
    const review = await within(dialog).findByTestId('review-step');
    expect(api.callsTo('PUT', '/api/account/pin').map((c) => c.body)).toEqual([
      { password: 'krapao-demo-1', pin: '482915' },
    ]);
    expect(within(review).getByTestId('review-amount').textContent).toBe('฿1,500.00');
    await typePin(user, within(review).getByTestId('review-pin'), '482915');
    await within(dialog).findByText('Withdrawal requested');
    expect(api.callsTo('POST', '/api/wallet/withdrawAll').map((c) => c.body)).toEqual([
      { amount: 1500, pin: '482915' },
    ]);
  });

  it('[care] changing the PIN in the profile asks for the current PIN on a review', async () => {
    logIn();
    const api = mockApi({
      'GET /api/account/pin': pinStatus(true),
      'PUT /api/account/pin': () => json({ set: true, blockedUntil: null }),
    });
    const { user } = await renderUi(<WithdrawalPinCard />);
    await waitFor(() => expect(screen.getByTestId('pin-state').textContent).toBe('Set'));
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal PIN' });
    await user.type(within(dialog).getByLabelText('Current password'), 'krapao-demo-1');
    await typePin(user, within(dialog).getByTestId('new-pin'), '730264');
    await typePin(user, within(dialog).getByTestId('repeat-pin'), '730264');
    await user.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    const review = await within(dialog).findByTestId('review-step');
    expect(within(review).getByTestId('review-warning').textContent).toBe(
      'Your new PIN works at once and the old one stops working.',
    );
    await typePin(user, within(review).getByTestId('review-pin'), '482915');
    await waitFor(() => expect(api.callsTo('PUT', '/api/account/pin')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/account/pin')[0]?.body).toEqual({
      password: 'krapao-demo-1',
      pin: '730264',
      currentPin: '482915',
    });
  });
});

describe('sign-in history', () => {
  it('[care] lists sign-ins with device, time, address and unknown area, this device marked; ends the others', async () => {
    logIn();
    let ended = false;
    const list = () =>
      json(
        security.getSignIns.response.parse({
          items: [
            {
              at: '2026-11-26T09:00:00Z',
              browser: 'Chrome',
              os: 'Android',
              address: '203.0.113.x',
              area: null,
              current: true,
              active: true,
            },
            {
              at: '2026-11-25T09:00:00Z',
              browser: 'Safari',
              os: 'iOS',
              address: '198.51.100.x',
              area: null,
              current: false,
              active: !ended,
            },
            {
              at: '2026-11-20T09:00:00Z',
              browser: '',
              os: '',
              address: '192.0.2.x',
              area: null,
              current: false,
              active: false,
            },
          ],
        }),
      );
    const api = mockApi({
      'GET /api/account/signins': list,
      'DELETE /api/account/sessions/others': () => {
        ended = true;
        return json({ ended: 1 });
      },
    });
    const { user } = await renderUi(<SignInHistory />);
    const rows = await screen.findAllByTestId('sign-in');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Chrome on AndroidThis device.*203\.0\.113\.x · Area unknown$/),
      expect.stringMatching(/^Safari on iOSSigned in.*198\.51\.100\.x · Area unknown$/),
      expect.stringMatching(/^Unknown device.*192\.0\.2\.x · Area unknown$/),
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText('Signed out of 1 other sessions')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/account/sessions/others')).toHaveLength(1);
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Sign out all other devices' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  it('[care] after a login the home says once when and on what the member last signed in', async () => {
    logIn();
    const api = mockApi({
      'GET /api/account/signins': () =>
        json(
          security.getSignIns.response.parse({
            items: [
              {
                at: '2026-11-26T09:00:00Z',
                browser: 'Chrome',
                os: 'Android',
                address: '203.0.113.x',
                area: null,
                current: true,
                active: true,
              },
              {
                at: '2026-11-25T02:05:00Z',
                browser: 'Safari',
                os: 'iOS',
                address: '198.51.100.x',
                area: null,
                current: false,
                active: false,
              },
            ],
          }),
        ),
    });
    // What a login leaves (features/accounts/api/login.ts).
    sessionStorage.setItem('sign_in_notice', '1');
    const first = await renderUi(<LastSignInNotice />);
    const notice = await screen.findByTestId('last-sign-in');
    expect(notice.textContent).toMatch(/^Last sign-in: .+ · Safari on iOS$/);
    expect(sessionStorage.getItem('sign_in_notice')).toBeNull();
    first.unmount();

    // Back on the home later: no notice, and no request for it.
    const before = api.callsTo('GET', '/api/account/signins').length;
    await renderUi(<LastSignInNotice />);
    expect(screen.queryByTestId('last-sign-in')).toBeNull();
    expect(api.callsTo('GET', '/api/account/signins')).toHaveLength(before);
  });
});
