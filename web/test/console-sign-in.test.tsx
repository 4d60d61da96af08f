import { console as consoleApi } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, json, mockApi, requestLimit } from './api';
import { FIRST_LOAD, meFixture, renderConsole, STAFF_TOKEN } from './console';
import { location, renderApp } from './render';

const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE${String(i).padStart(5, '0')}`);
// A QR whose markup tries to run script: it must only ever be an image's source.
const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/><script>alert(1)</script></svg>';

function firstSignIn(flags: { mustChangePassword: boolean; mustEnrolTotp: boolean }) {
  let enrolled = !flags.mustEnrolTotp;
  let changed = !flags.mustChangePassword;
  return mockApi({
    'POST /api/console/session': () =>
      json(consoleApi.signIn.response.parse({ token: STAFF_TOKEN, ...flags })),
    'POST /api/console/password': () => {
      changed = true;
      return json({ ok: true });
    },
    'POST /api/console/totp/enrol': () =>
      json(
        consoleApi.totpEnrol.response.parse({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          uri: 'otpauth://totp/Krapao:new.one?secret=JBSWY3DPEHPK3PXP',
          qrSvg: QR_SVG,
        }),
      ),
    'POST /api/console/totp/confirm': () => {
      enrolled = true;
      return json(consoleApi.totpConfirm.response.parse({ recoveryCodes: CODES }));
    },
    'GET /api/console/me': () =>
      json(
        meFixture('finance', { username: 'new.one', mustChangePassword: !changed, mustEnrolTotp: !enrolled }),
      ),
    'GET /api/console/approvals': () => json({ items: [] }),
  });
}

describe('console sign-in', () => {
  it('[console] a first sign-in chooses a password, enrols TOTP from a QR image, sees ten recovery codes once, then the console', async () => {
    const api = firstSignIn({ mustChangePassword: true, mustEnrolTotp: true });
    const { user, router } = await renderApp('/console/sign-in');

    await user.type(await screen.findByLabelText('Username', {}, FIRST_LOAD), 'new.one');
    await user.type(screen.getByLabelText('Password'), 'one-time-Pa55');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(api.callsTo('POST', '/api/console/session')[0]?.body).toEqual({
      username: 'new.one',
      password: 'one-time-Pa55',
    });
    // The staff token lives in this tab only, never where a member's remembered token lives.
    expect(sessionStorage.getItem('console_token')).toBe(STAFF_TOKEN);
    expect(localStorage.getItem('console_token')).toBeNull();

    await user.type(await screen.findByLabelText('New password'), 'a-long-new-passphrase');
    await user.type(screen.getByLabelText('New password again'), 'a-long-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    const change = api.callsTo('POST', '/api/console/password')[0];
    expect(change?.body).toEqual({ oldPassword: 'one-time-Pa55', newPassword: 'a-long-new-passphrase' });
    expect(change?.headers.get('authorization')).toBe(`Bearer ${STAFF_TOKEN}`);

    const qr = (await screen.findByAltText('QR code for your authenticator app')) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(qr.src)).toContain('<script>');
    // The SVG is never markup in the page: no svg element of it, no script.
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('rect')).toBeNull();
    expect(api.callsTo('POST', '/api/console/totp/enrol')).toHaveLength(1);

    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(api.callsTo('POST', '/api/console/totp/confirm')[0]?.body).toEqual({ code: '123456' });

    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByText(/^ABCDE\d{5}$/)).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    const go = screen.getByRole('button', { name: 'Continue to the console' });
    expect((go as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(go);

    expect(await screen.findByRole('heading', { name: 'Hello, new.one' })).toBeTruthy();
    expect(location(router)).toBe('/console');
    // Shown once: the codes are gone from the page and no request can bring them back.
    expect(screen.queryByText(CODES[0]!)).toBeNull();
  });

  it('[console] a staff member the CLI made only chooses a new password', async () => {
    const api = firstSignIn({ mustChangePassword: true, mustEnrolTotp: false });
    const { user } = await renderApp('/console/sign-in');
    await user.type(await screen.findByLabelText('Username', {}, FIRST_LOAD), 'root.admin');
    await user.type(screen.getByLabelText('Password'), 'bootstrap-secret');
    await user.type(screen.getByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(api.callsTo('POST', '/api/console/session')[0]?.body).toMatchObject({ code: '654321' });
    await user.type(await screen.findByLabelText('New password'), 'a-long-new-passphrase');
    await user.type(screen.getByLabelText('New password again'), 'a-long-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { name: 'Hello, new.one' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/totp/enrol')).toHaveLength(0);
  });

  it('[console] a short new password is refused before it is sent', async () => {
    const api = firstSignIn({ mustChangePassword: true, mustEnrolTotp: false });
    const { user } = await renderApp('/console/sign-in');
    await user.type(await screen.findByLabelText('Username', {}, FIRST_LOAD), 'root.admin');
    await user.type(screen.getByLabelText('Password'), 'bootstrap-secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('New password again'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('A staff password must be at least 12 characters.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/password')).toHaveLength(0);
  });

  it('[console] a wrong name, password or code says so without saying which', async () => {
    mockApi({ 'POST /api/console/session': () => fail('UNAUTHORIZED', 401) });
    const { user } = await renderApp('/console/sign-in');
    await user.type(await screen.findByLabelText('Username', {}, FIRST_LOAD), 'someone');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The username, password or code is not right.')).toBeTruthy();
    expect(sessionStorage.getItem('console_token')).toBeNull();
  });

  it('[console] a locked-out sign-in says how long to wait, from the Retry-After', async () => {
    mockApi({ 'POST /api/console/session': () => requestLimit(306) });
    const { user } = await renderApp('/console/sign-in');
    await user.type(await screen.findByLabelText('Username', {}, FIRST_LOAD), 'alice');
    await user.type(screen.getByLabelText('Password'), 'right-or-wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Try again in 6 minutes.')).toBeTruthy();
  });

  it('[console] an ended staff session (401) goes back to sign-in and forgets the token; a member stays signed in', async () => {
    localStorage.setItem('token', 'tok_member');
    const { router } = await renderConsole('/console/members', 'support', {
      'GET /api/console/me': () => fail('UNAUTHORIZED', 401),
    });
    await waitFor(() => expect(location(router)).toBe('/console/sign-in'), { timeout: 8000 }).catch(() => {
      throw new Error(`at ${location(router)}: ${document.body.textContent}`);
    });
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    await waitFor(() => expect(location(router)).toBe('/console/sign-in'));
    expect(sessionStorage.getItem('console_token')).toBeNull();
    expect(localStorage.getItem('token')).toBe('tok_member');
  });

  it('[console] sign out ends the session on the server and in the tab', async () => {
    const { user, api, router } = await renderConsole('/console', 'support', {
      'DELETE /api/console/session': () => json({ ok: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location(router)).toBe('/console/sign-in'));
    expect(api.callsTo('DELETE', '/api/console/session')[0]?.headers.get('authorization')).toBe(
      `Bearer ${STAFF_TOKEN}`,
    );
    expect(sessionStorage.getItem('console_token')).toBeNull();
  });

  it('[console] without a staff token every console page is the sign-in page', async () => {
    mockApi();
    const { router } = await renderApp('/console/audit');
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(location(router)).toBe('/console/sign-in');
  });
});
