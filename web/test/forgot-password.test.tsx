// Member care on /login: "forgot password" (phone, the code by SMS with a new password, then log in
// again) and the OTP step of a login past the per-account limit of wrong passwords (LOG-3).
import { accounts } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, json, mockApi } from './api';
import { errorEn, location, renderApp } from './render';

/** A lazy page's first render: its chunk and texts load first. */
const PAGE = { timeout: 8_000 };

const resetTicket = () =>
  accounts.forgotPassword.response.parse({
    otpRef: 'R2D2',
    otpToken: 'tok-reset',
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    resendAfterS: 60,
  });

async function typeCode(user: Awaited<ReturnType<typeof renderApp>>['user'], code: string) {
  // The code boxes: the page's other text field, the phone, is typed as a phone number.
  await screen.findByText(/Reference/, {}, PAGE);
  const boxes = screen.getAllByRole('textbox').filter((el) => el.getAttribute('inputmode') !== 'tel');
  await user.click(boxes[0]!);
  await user.keyboard(code);
}

describe('forgot password', () => {
  it('[care] /login links to the flow: phone, code and new password, then the member is told to log in', async () => {
    const api = mockApi({
      'POST /api/account/forgot': () => json(resetTicket()),
      'POST /api/account/reset': () => json({ ok: true }),
    });
    const { user, router } = await renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(location(router)).toBe('/forgot-password'));
    await screen.findByText('Enter the phone number you registered with.', {}, PAGE);
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('R2D2')).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/forgot')[0]?.body).toEqual({
      phoneNumber: '0812345678',
      lang: 'en',
    });
    await typeCode(user, '123456');
    await user.type(screen.getByLabelText('New password'), 'fresh start 42');
    await user.type(screen.getByLabelText('Confirm new password'), 'fresh start 42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(/Log in with your new password/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/reset')[0]?.body).toEqual({
      otpToken: 'tok-reset',
      otpCode: '123456',
      newPassword: 'fresh start 42',
    });
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(location(router)).toBe('/login'));
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('0812345678');
  });

  it("[care] a weak password is told in the member's words and the same code can be used again", async () => {
    let resets = 0;
    const api = mockApi({
      'POST /api/account/forgot': () => json(resetTicket()),
      'POST /api/account/reset': () => (++resets === 1 ? fail('PASSWORD_TOO_WEAK') : json({ ok: true })),
    });
    const { user } = await renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Phone number', {}, PAGE), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await typeCode(user, '123456');
    await user.type(screen.getByLabelText('New password'), 'password');
    await user.type(screen.getByLabelText('Confirm new password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(errorEn('PASSWORD_TOO_WEAK'))).toBeTruthy();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'fresh start 42');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'fresh start 42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/Log in with your new password/)).toBeTruthy();
    const [first, second] = api.callsTo('POST', '/api/account/reset');
    expect(second?.body).toMatchObject({
      otpToken: 'tok-reset',
      otpCode: (first?.body as { otpCode: string }).otpCode,
    });
  });

  it('[care] a blocked code offers a new one', async () => {
    mockApi({
      'POST /api/account/forgot': () => json(resetTicket()),
      'POST /api/account/reset': () => fail('OTP_BLOCK', 429),
    });
    const { user } = await renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Phone number', {}, PAGE), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await typeCode(user, '999999');
    await user.type(screen.getByLabelText('New password'), 'fresh start 42');
    await user.type(screen.getByLabelText('Confirm new password'), 'fresh start 42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(errorEn('OTP_BLOCK'), { exact: false })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Set new password' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('login past the per-account limit', () => {
  it('[LOG-3] an OTP_REQUIRED answer shows the code step; the login goes again with the code', async () => {
    const api = mockApi({
      'POST /api/login': (call) =>
        (call.body as { otpCode?: string }).otpCode
          ? json({ token: 'tok_after_otp', expiresAt: new Date(Date.now() + 3600_000).toISOString() })
          : json({
              message: 'OTP_REQUIRED',
              otpRef: 'K9Q1',
              otpToken: 'tok-login-otp',
              expiresAt: new Date(Date.now() + 300_000).toISOString(),
              resendAfterS: 60,
            }),
    });
    const { user, router } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/Many wrong passwords were tried/)).toBeTruthy();
    expect(screen.getByText('K9Q1')).toBeTruthy();
    expect(location(router)).toBe('/login');

    await typeCode(user, '654321');
    await waitFor(() => expect(location(router)).toBe('/user/home'));
    const calls = api.callsTo('POST', '/api/login');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toMatchObject({
      username: '0812345678',
      password: 'secret-pass',
      otpToken: 'tok-login-otp',
      otpCode: '654321',
    });
  });
});
