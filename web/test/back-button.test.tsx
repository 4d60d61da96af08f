import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { otp } from '@krapao/contract';
import { json, logIn, mockApi, otpTicket, walletFixture } from './api';
import { typeOtpCode } from './otp';
import { location, renderApp } from './render';

// The back button and reloads (member care): back closes an open modal, not the page behind it; a reload
// on the register code step keeps the step.

describe('back with a modal open', () => {
  it('[SH-11] back closes the open modal and leaves the page behind as it was; closing it otherwise (Escape) takes its history entry off', async () => {
    logIn();
    mockApi({
      'GET /api/wallet': () =>
        json(
          walletFixture({
            slots: [{ code: 'PG', name: 'PG Slot', category: 'slot', amount: 5, active: true }],
          }),
        ),
    });
    const { user, router } = await renderApp('/user/home');
    const before = window.history.length;
    await user.click(await screen.findByRole('button', { name: 'PG Slot' }));
    await screen.findByRole('dialog', { name: 'PG Slot' });
    await waitFor(() => expect(window.history.length).toBe(before + 1));
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await popped;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'PG Slot' })).toBeNull());
    expect(location(router)).toBe('/user/home');
    // Opened again and closed otherwise: the entry it stood on is taken back off.
    await user.click(screen.getByRole('button', { name: 'PG Slot' }));
    await screen.findByRole('dialog', { name: 'PG Slot' });
    await waitFor(() => expect(window.history.state?.krapaoModalDepth).toBe(1));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'PG Slot' })).toBeNull());
    await waitFor(() => expect(window.history.state?.krapaoModalDepth).toBeUndefined());
  });
});

describe('a reload on the register code step', () => {
  it('[REG-3] a reload on the OTP step stays on it with the code already sent (this tab only), sending no new SMS; verifying goes on', async () => {
    const api = mockApi({
      'POST /api/otp/send': () => json(otpTicket()),
      'POST /api/otp/verify': () => json(otp.verifyOtp.response.parse({ message: 'OTP_CODE_VALID' })),
    });
    const first = await renderApp('/register');
    await first.user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('KXQ7');
    first.unmount();
    // The reload: a new app in the same tab.
    const { user } = await renderApp('/register');
    expect(await screen.findByText('KXQ7')).toBeTruthy();
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    await typeOtpCode(user, '482913');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/otp/verify')[0]?.body).toEqual({
        otpToken: 'tok_123',
        otpCode: '482913',
      }),
    );
    expect(await screen.findByLabelText(/Full name/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(1);
    // Past the code step nothing of it is kept.
    expect(sessionStorage.getItem('register_otp')).toBeNull();
  });
});
