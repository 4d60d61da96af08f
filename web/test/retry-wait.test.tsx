import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logIn, mockApi } from './api';
import { errorEn, renderApp } from './render';

/** The server's REQUEST_LIMIT with the seconds until the window frees a slot. */
const limited = (retryAfterS: number) => () =>
  new Response(JSON.stringify({ message: 'REQUEST_LIMIT' }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(retryAfterS) },
  });

async function tryLogin(locale: 'en' | 'th' | 'la', retryAfterS: number) {
  mockApi({ 'POST /api/login': limited(retryAfterS) });
  const { user, t } = await renderApp('/login', { locale });
  await user.type(await screen.findByLabelText(t('login.username')), '0812345678');
  await user.type(screen.getByLabelText(t('login.password')), 'secret-pass');
  await user.click(screen.getByRole('button', { name: t('login.submit') }));
  return (await screen.findByRole('alert')).textContent;
}

describe('how long to wait after too many attempts', () => {
  it('[LOG-3] the login form says how many minutes to wait, from Retry-After', async () => {
    expect(await tryLogin('en', 690)).toBe('Too many attempts. Try again in 12 minutes.');
  });

  it.each([
    ['th', 690, 'ทำรายการหลายครั้งเกินไป กรุณาลองใหม่ในอีก 12 นาที'],
    ['la', 45, 'ລອງຫຼາຍເທື່ອເກີນໄປ ກະລຸນາລອງໃໝ່ໃນອີກ 45 ວິນາທີ'],
    ['en', 60, 'Too many attempts. Try again in 1 minute.'],
  ] as const)('[LOG-3] in %s with Retry-After %i: %s', async (locale, retryAfterS, text) => {
    expect(await tryLogin(locale, retryAfterS)).toBe(text);
  });

  it('[LOG-3] without Retry-After the code alone is shown', async () => {
    mockApi({
      'POST /api/login': () =>
        new Response(JSON.stringify({ message: 'REQUEST_LIMIT' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { user } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorEn('REQUEST_LIMIT'));
  });

  it('[PRO-2] the change-password dialog says how long to wait after too many wrong old passwords', async () => {
    logIn();
    mockApi({ 'PUT /api/account/changepwd': limited(300) });
    const { user } = await renderApp('/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'old-secret');
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret-1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 5 minutes.',
    );
  });
});
