import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, requestLimit } from './api';
import { openProfileDialog, savePasswordChange } from './profile';
import { errorEn, renderApp } from './render';

/** A login the server refuses with REQUEST_LIMIT (and Retry-After, where given): what the form says. */
async function tryLogin(locale: 'en' | 'th' | 'la', retryAfterS?: number) {
  mockApi({ 'POST /api/login': () => requestLimit(retryAfterS) });
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
    expect(await tryLogin('en')).toBe(errorEn('REQUEST_LIMIT'));
  });

  it('[PRO-2] the change-password dialog says how long to wait after too many wrong old passwords', async () => {
    const { user, dialog } = await openProfileDialog('Change password', {
      'PUT /api/account/changepwd': () => requestLimit(300),
    });
    await savePasswordChange(user, dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 5 minutes.',
    );
  });
});
