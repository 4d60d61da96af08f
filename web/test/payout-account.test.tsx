// PRO-3: the edit-profile modal asks for the current password, and the code sent to the registered phone
// where OTP is on, only when the payout account changes.
import { accounts } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, json, otpTicket, profileFixture, requestLimit, type Handler } from './api';
import { typeOtpCode } from './otp';
import { confirmWithPin, pinStatus, TEST_PIN } from './pin';
import { openProfileDialog } from './profile';
import { errorEn } from './render';

const policy =
  (otpRequired: boolean, holdHours = 24): Handler =>
  () =>
    json(accounts.bankChangePolicy.response.parse({ otpRequired, holdHours }));
const saved: Handler = (call) =>
  json({
    ...profileFixture,
    ...(call.body as object),
    bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
  });

const openEdit = (handlers: Record<string, Handler>) => openProfileDialog('Edit profile', handlers);

async function newAccountNo(user: UserEvent, dialog: HTMLElement, no = '9876543210') {
  const field = within(dialog).getByLabelText('Account number');
  await user.clear(field);
  await user.type(field, no);
}

async function saveWithPassword(user: UserEvent, dialog: HTMLElement, password: string) {
  await user.type(within(dialog).getByLabelText('Current password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  // A new payout account is reviewed before it is sent (a member without a withdrawal PIN: no PIN).
  const review = await screen.findByTestId('review-step');
  await user.click(within(review).getByRole('button', { name: 'Confirm new account' }));
}

describe('edit profile: the payout account', () => {
  it('[PRO-3] a name-only change asks for no password, sends none and saves the new name', async () => {
    const { api, user, dialog } = await openEdit({
      'GET /api/account/bankChange': policy(true),
      'PUT /api/account/profile': saved,
    });
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    const name = within(dialog).getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Somchai J.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/account/profile')[0]?.body).toEqual({
        name: 'Somchai J.',
        bankCode: 'KBANK',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: '1234567890',
      }),
    );
    expect(api.callsTo('POST', '/api/account/bankChange/otp')).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Somchai J.' })).toBeTruthy();
  });

  it('[PRO-3] a new account needs the password, then the code sent to the registered phone; withdrawals wait up to N hours', async () => {
    const { api, user, dialog } = await openEdit({
      'GET /api/account/bankChange': policy(true, 48),
      'POST /api/account/bankChange/otp': () => json(otpTicket()),
      'PUT /api/account/profile': saved,
    });
    await newAccountNo(user, dialog);
    expect(
      await within(dialog).findByText(/Withdrawals to the new account wait up to 48 hours/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/bankChange/otp')).toHaveLength(0);

    await saveWithPassword(user, dialog, 'my-secret-1');
    expect(await screen.findByText(/registered phone 081\u2011234\u20115678/)).toBeTruthy();
    expect(screen.getByTestId('otp-ref').textContent).toBe('KXQ7');
    expect(api.callsTo('POST', '/api/account/bankChange/otp')[0]?.body).toEqual({
      currentPassword: 'my-secret-1',
      lang: 'en',
    });
    expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(0);

    await typeOtpCode(user, '482913', dialog);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/account/profile')[0]?.body).toEqual({
        name: 'Somchai Jaidee',
        bankCode: 'KBANK',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: '9876543210',
        currentPassword: 'my-secret-1',
        otpToken: 'tok_123',
        otpCode: '482913',
        lang: 'en',
      }),
    );
    expect(await screen.findByText('Your profile has been saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('[PRO-3] [ERR-1] a wrong password is said in the form, translated', async () => {
    const { user, dialog } = await openEdit({
      'GET /api/account/bankChange': policy(true),
      'POST /api/account/bankChange/otp': () => fail('WRONG_PASSWORD'),
    });
    await newAccountNo(user, dialog);
    await saveWithPassword(user, dialog, 'not-it');
    expect((await within(dialog).findByRole('alert')).textContent).toContain(errorEn('WRONG_PASSWORD'));
    expect(within(dialog).getByLabelText('Account number')).toBeTruthy();
  });

  it('[PRO-3] [trust-1] too many wrong passwords: the form says how long to wait', async () => {
    const { user, dialog } = await openEdit({
      'GET /api/account/bankChange': policy(true),
      'POST /api/account/bankChange/otp': () => requestLimit(690),
    });
    await newAccountNo(user, dialog);
    await saveWithPassword(user, dialog, 'not-it');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 12 minutes.',
    );
  });

  it('[PRO-3] [REG-9] a wrong code is said on the code step; a blocked one counts down to a new code', async () => {
    let answer = 'OTP_CODE_INVALID';
    const { api, user, dialog } = await openEdit({
      'GET /api/account/bankChange': policy(true),
      'POST /api/account/bankChange/otp': () => json(otpTicket({ resendAfterS: 60 })),
      'PUT /api/account/profile': () => fail(answer, answer === 'OTP_BLOCK' ? 429 : 400),
    });
    await newAccountNo(user, dialog);
    await saveWithPassword(user, dialog, 'my-secret-1');
    await screen.findByTestId('otp-ref');
    await typeOtpCode(user, '111111', dialog);
    expect((await screen.findByRole('alert')).textContent).toContain(errorEn('OTP_CODE_INVALID'));
    answer = 'OTP_BLOCK';
    await typeOtpCode(user, '222222', dialog);
    expect((await screen.findByRole('alert')).textContent).toContain(errorEn('OTP_BLOCK'));
    expect(screen.getByTestId('otp-new-code-wait').textContent).toMatch(/New code in \d+ s/);
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    expect(api.callsTo('POST', '/api/account/bankChange/otp')).toHaveLength(1);
  });

  it('[care] a member with a withdrawal PIN reviews the new account and confirms it with the PIN', async () => {
    const { api, user, dialog } = await openEdit({
      'GET /api/account/pin': pinStatus(true),
      'GET /api/account/bankChange': policy(false, 24),
      'PUT /api/account/profile': (call) =>
        (call.body as { pin?: string }).pin === TEST_PIN ? saved(call) : fail('PIN_WRONG'),
    });
    await newAccountNo(user, dialog);
    await user.type(within(dialog).getByLabelText('Current password'), 'my-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const review = await confirmWithPin(user, document.body, '000001');
    expect(review.textContent).toContain('987-654-3210');
    expect(within(review).getByTestId('review-warning').textContent).toBe(
      'Withdrawals to the new account wait up to 24 hours for our review.',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(errorEn('PIN_WRONG'));
    await confirmWithPin(user);
    expect(await screen.findByText('Your profile has been saved')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/account/profile').map((c) => (c.body as { pin?: string }).pin)).toEqual([
      '000001',
      TEST_PIN,
    ]);
  });

  it('[PRO-3] where OTP is off, the password alone goes with the change', async () => {
    const { api, user, dialog } = await openEdit({
      'GET /api/account/bankChange': policy(false),
      'PUT /api/account/profile': saved,
    });
    await newAccountNo(user, dialog);
    expect(await within(dialog).findByText(/needs your current password\. Withdrawals/)).toBeTruthy();
    await saveWithPassword(user, dialog, 'my-secret-1');
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/account/profile')[0]?.body).toMatchObject({
        bankAccountNo: '9876543210',
        currentPassword: 'my-secret-1',
        lang: 'en',
      }),
    );
    expect(api.callsTo('POST', '/api/account/bankChange/otp')).toHaveLength(0);
  });
});
