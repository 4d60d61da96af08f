import { accounts, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '../src/features/accounts/api/keys';
import { appQueryClient } from '../src/lib/query-client';
import { fail, json, mockApi, profileFixture } from './api';
import { pasteInto } from './fill';
import { errorEn, location, renderApp } from './render';

const loginOk = () =>
  json(
    accounts.login.response.parse({
      token: 'tok_abc',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    }),
  );

/**
 * The demo phone and `password` pasted into the form, for the tests that pass it on their way; the first
 * full login types them.
 */
async function fillCredentials(user: UserEvent, password: string) {
  await pasteInto(user, await screen.findByLabelText('Phone number'), '0812345678');
  await pasteInto(user, screen.getByLabelText('Password'), password);
}

describe('login', () => {
  it('[LOG-1] asks for username and password before calling the server', async () => {
    const api = mockApi({ 'POST /api/login': loginOk });
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('[LOG-1] the phone field takes digits only, at most the 10 a Thai phone has', async () => {
    mockApi();
    const { user } = await renderApp('/login');
    const phone = (await screen.findByLabelText('Phone number')) as HTMLInputElement;
    await user.type(phone, '081-234-5678-99');
    expect(phone.value).toBe('0812345678');
  });

  it('[LOG-1] a pasted international number is read in its local form: +66 / 66 become 0, spaces and dashes go', async () => {
    mockApi();
    const { user } = await renderApp('/login');
    const phone = (await screen.findByLabelText('Phone number')) as HTMLInputElement;
    for (const pasted of [
      '+66898765432',
      '66898765432',
      '+66 89-876-5432',
      '0066 89 876 5432',
      '089 876 5432',
    ]) {
      await user.clear(phone);
      await user.click(phone);
      await user.paste(pasted);
      expect(phone.value).toBe('0898765432');
    }
  });

  it('[LOG-1] posts username, password and isRemember, then opens /user/home', async () => {
    const api = mockApi({ 'POST /api/login': loginOk });
    const { user, router } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me on this device' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location(router)).toBe('/user/home'));
    const [call] = api.callsTo('POST', '/api/login');
    // The screen's language goes too: a sign-in from a new device is told by SMS in it.
    expect(call?.body).toEqual({
      username: '0812345678',
      password: 'secret-pass',
      isRemember: true,
      lang: 'en',
    });
    expect(call?.headers.get(REQUESTED_WITH_HEADER)).toBe(REQUESTED_WITH_VALUE);
  });

  it('[SH-12] keeps the token in localStorage only when "remember" is ticked', async () => {
    mockApi({ 'POST /api/login': loginOk });
    const { user, router } = await renderApp('/login');
    await fillCredentials(user, 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location(router)).toBe('/user/home'));
    expect(sessionStorage.getItem('token')).toBe('tok_abc');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('[SH-12] a remembered login stores the token persistently', async () => {
    mockApi({ 'POST /api/login': loginOk });
    const { user, router } = await renderApp('/login');
    await fillCredentials(user, 'secret-pass');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me on this device' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location(router)).toBe('/user/home'));
    expect(localStorage.getItem('token')).toBe('tok_abc');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it("[SH-12] [SH-16] on /login as a page load runs it (no query cache of its own), an earlier member's cached profile is forgotten before the member's home opens, and the shell shows the new member's", async () => {
    // What an earlier member of this page left in the app's query client.
    const client = appQueryClient();
    client.setQueryData(accountKeys.profile(), { ...profileFixture, _id: 'u_earlier', currency: 'LAK' });
    const cachedAtHome: unknown[] = [];
    const api = mockApi({ 'POST /api/login': loginOk });
    const { user, router } = await renderApp('/login', {
      queryClient: null,
      // The moment the address turns to the home, before it draws: the earlier profile must be gone.
      afterAddressChange: (path) =>
        path === '/user/home' && cachedAtHome.push(client.getQueryData(accountKeys.profile())),
    });
    try {
      await fillCredentials(user, 'secret-pass');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(location(router)).toBe('/user/home'));
      expect(cachedAtHome).toEqual([undefined]);
      // The shell asked for the new member's profile once and kept its answer (a removal after the shell
      // had asked would cancel that request and leave the shell without a currency).
      await waitFor(() => expect(client.getQueryData(accountKeys.profile())).toEqual(profileFixture));
      expect(api.callsTo('GET', '/api/account/profile')).toHaveLength(1);
      await waitFor(() => expect(screen.getByTestId('member-name').textContent).toBe(profileFixture.name));
    } finally {
      client.clear();
    }
  });

  it("[SH-1] the password's eye button is named in the member's language, as the button says it shows the password", async () => {
    mockApi({});
    const { user } = await renderApp('/login', { locale: 'th' });
    const eye = await screen.findByRole('button', { name: 'แสดงรหัสผ่าน' });
    const password = screen.getByLabelText('รหัสผ่าน');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(eye);
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.queryByRole('button', { name: 'Toggle password visibility' })).toBeNull();
  });

  it('[LOG-2] shows the error under the form and clears it when the member types', async () => {
    mockApi({ 'POST /api/login': () => fail('WRONG_CREDENTIAL', 401) });
    const { user } = await renderApp('/login');
    await fillCredentials(user, 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(errorEn('WRONG_CREDENTIAL'));
    // The alert sits under the form fields.
    const form = alert.closest('form')!;
    expect(within(form).getByLabelText('Password').compareDocumentPosition(alert)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['WRONG_CREDENTIAL', 'NO_USER', 'WRONG_PASSWORD', 'INACTIVE_USER', 'REQUEST_LIMIT'])(
    '[LOG-3] shows the translated code %s',
    async (code) => {
      mockApi({ 'POST /api/login': () => fail(code, code === 'REQUEST_LIMIT' ? 429 : 401) });
      const { user } = await renderApp('/login');
      await fillCredentials(user, 'secret-pass');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect((await screen.findByRole('alert')).textContent).toContain(errorEn(code));
    },
  );

  it('[SH-6] entering /login asks /api/lookup/active and goes to /terminated when it is not', async () => {
    const api = mockApi({ 'GET /api/lookup/active': () => json({ active: false }) });
    const { router } = await renderApp('/login');
    await waitFor(() => expect(location(router)).toBe('/terminated'));
    expect(api.callsTo('GET', '/api/lookup/active')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Service has ended' })).toBeTruthy();
  });

  it("[SH-6] any answer 'gone' goes to /terminated", async () => {
    mockApi({ 'POST /api/login': () => fail('gone', 410) });
    const { user, router } = await renderApp('/login');
    await fillCredentials(user, 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location(router)).toBe('/terminated'));
  });
});
