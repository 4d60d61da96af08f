import { accounts, type Profile } from '@krapao/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/lib/format';
import { fail, json, mockApi, profileFixture, logIn } from './api';
import { openProfileDialog, savePasswordChange } from './profile';
import { errorEn, renderApp } from './render';

const withProfile = (overrides: Partial<Profile>) => {
  const profile = accounts.getProfile.response.parse({ ...profileFixture, ...overrides });
  return () => json(profile);
};

describe('profile', () => {
  it('[PRO-1] shows name, id, created date, read-only username, holder, Thai bank name and 3-3-rest number', async () => {
    logIn();
    mockApi();
    await renderApp('/user/profile');
    expect(await screen.findByRole('heading', { name: 'Somchai Jaidee' })).toBeTruthy();
    expect(screen.getByTestId('profile-id').textContent).toBe('u_8f3a21');
    expect(screen.getByTestId('profile-created').textContent).toBe(formatDateTime(profileFixture.createdAt));
    expect(screen.getByTestId('profile-created').textContent).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.value).toBe('0812345678');
    expect(username.readOnly).toBe(true);
    expect(screen.getByTestId('holder-name').textContent).toBe('SOMCHAI JAIDEE');
    expect(screen.getByText('ธนาคารกสิกรไทย')).toBeTruthy();
    expect(screen.getByTestId('account-no').textContent).toBe('123-456-7890');
  });

  it('[PRO-1] an account number that is not 10 digits shows as it is', async () => {
    logIn();
    mockApi({ 'GET /api/account/profile': withProfile({ bankAccountNo: '123456789012' }) });
    await renderApp('/user/profile');
    await waitFor(() => expect(screen.getByTestId('account-no').textContent).toBe('123456789012'));
  });

  it('[PRO-2] the lock icon opens change password; nothing happens while a field is empty', async () => {
    const { api, user, dialog } = await openProfileDialog('Change password', {
      'PUT /api/account/changepwd': () => json({ ok: true }),
    });
    await user.type(within(dialog).getByLabelText('Current password'), 'old-secret');
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.callsTo('PUT', '/api/account/changepwd')).toHaveLength(0);
    expect(within(dialog).queryByText('Required')).toBeNull();
    expect(within(dialog).queryByText('passwords do not match')).toBeNull();
  });

  it("[PRO-2] a mismatch says 'passwords do not match' inline; a match sends old and new", async () => {
    const { api, user, dialog } = await openProfileDialog('Change password', {
      'PUT /api/account/changepwd': () => json({ ok: true }),
    });
    await savePasswordChange(user, dialog, 'new-secret-2');
    expect(within(dialog).getByText('passwords do not match')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/account/changepwd')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/account/changepwd')[0]?.body).toEqual({
        oldPassword: 'old-secret',
        newPassword: 'new-secret-1',
      }),
    );
    expect(await screen.findByText('Your password has been changed')).toBeTruthy();
  });

  it('[PRO-2] [ERR-1] a refused change shows the translated code', async () => {
    const { user, dialog } = await openProfileDialog('Change password', {
      'PUT /api/account/changepwd': () => fail('WRONG_PASSWORD'),
    });
    await savePasswordChange(user, dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(errorEn('WRONG_PASSWORD'));
  });

  it("[PRO-4] the name edit upper-cases, refuses non-English with 'Bank account name must be in English only'", async () => {
    const { api, user, dialog } = await openProfileDialog('Edit account holder name');
    const input = within(dialog).getByLabelText('Account holder name') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, 'somchai ใจดี');
    expect(input.value).toBe('SOMCHAI ใจดี');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Bank account name must be in English only')).toBeTruthy();
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Bank account name must be in English only')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/account/bankAccountName')).toHaveLength(0);
  });

  it('[PRO-4] saving the holder name says it is saved at once, before the automatic copy', async () => {
    const { user, dialog } = await openProfileDialog('Edit account holder name', {
      'PUT /api/account/bankAccountName': (call) =>
        json({
          ...profileFixture,
          bankAccountName: (call.body as { bankAccountName: string }).bankAccountName,
        }),
    });
    const input = within(dialog).getByLabelText('Account holder name');
    await user.clear(input);
    await user.type(input, 'somchai jaidee');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account holder name saved')).toBeTruthy();
    expect(screen.queryByText(/^Copied:/)).toBeNull();
  });

  it('[PRO-5] [PRO-4] KTB with a Thai name: copy opens the name dialog; saving closes it and copies after 1 s', async () => {
    logIn();
    let profile = accounts.getProfile.response.parse({
      ...profileFixture,
      bankCode: 'KTB',
      bankAccountName: 'สมชาย ใจดี',
      bank: { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank' },
    });
    const api = mockApi({
      'GET /api/account/profile': () => json(profile),
      'PUT /api/account/bankAccountName': (call) => {
        profile = { ...profile, bankAccountName: (call.body as { bankAccountName: string }).bankAccountName };
        return json(profile);
      },
    });
    const { user } = await renderApp('/user/profile');
    await screen.findByText('สมชาย ใจดี');
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account holder name' });
    expect(screen.queryByText(/^Copied:/)).toBeNull();
    await user.type(within(dialog).getByLabelText('Account holder name'), 'somchai jaidee');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT', '/api/account/bankAccountName')[0]?.body).toEqual({
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
    });
    expect(screen.getByTestId('holder-name').textContent).toBe('SOMCHAI JAIDEE');
    expect(screen.queryByText('Copied: 1234567890')).toBeNull();
    expect(await screen.findByText('Copied: 1234567890', {}, { timeout: 6_000 })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('1234567890');
  });

  it("[PRO-5] an English-named account copies at once: 'Copied: {text}'", async () => {
    logIn();
    mockApi();
    const { user } = await renderApp('/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Copy account number' }));
    expect(await screen.findByText('Copied: 1234567890')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("[PRO-5] a refused clipboard says 'Failed to copy'", async () => {
    logIn();
    mockApi();
    await renderApp('/user/profile');
    const button = await screen.findByRole('button', { name: 'Copy account number' });
    // user-event installs its own clipboard on every action, so click without it here.
    const original = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');
    Object.defineProperty(window.navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    fireEvent.click(button);
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
    if (original) Object.defineProperty(window.navigator, 'clipboard', original);
  });
});
