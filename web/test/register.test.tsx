import { accounts, otp, REGISTER_REDIRECT_DELAY_MS } from '@krapao/contract';
import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, json, mockApi, otpTicket, type Handler } from './api';
import { pasteInto } from './fill';
import { typeOtpCode } from './otp';
import { errorEn, location, renderApp } from './render';

const validOk = () => json(accounts.validateRegistration.response.parse({ ok: true }));
const registered = () => json(accounts.register.response.parse({ _id: 'u_new', username: '0812345678' }));
const codeValid = () => json(otp.verifyOtp.response.parse({ message: 'OTP_CODE_VALID' }));

async function enterPhone(user: UserEvent, phone = '0812345678') {
  await pasteInto(user, await screen.findByLabelText('Phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillProfile(user: UserEvent, { password = 'secret-pass', confirm = 'secret-pass' } = {}) {
  await pasteInto(user, await screen.findByLabelText(/Full name/), 'Somchai Jaidee');
  await pasteInto(user, screen.getByLabelText(/^Password/), password);
  await pasteInto(user, screen.getByLabelText(/Confirm password/), confirm);
}

/** The bank step's name and account fields, as the member would leave them. */
async function fillBankFields(user: UserEvent, first = 'somchai', last = 'jaidee', account = '1234567890') {
  // The names start from the profile's full name: replaced, as a member would correct them.
  await user.clear(screen.getByLabelText(/First name/));
  await pasteInto(user, screen.getByLabelText(/First name/), first);
  await user.clear(screen.getByLabelText(/Last name/));
  await pasteInto(user, screen.getByLabelText(/Last name/), last);
  await pasteInto(user, screen.getByLabelText(/Account number/), account);
}

async function chooseBank(user: UserEvent, name: RegExp) {
  await user.click(await screen.findByRole('combobox', { name: /Bank/ }));
  await user.click(await screen.findByRole('option', { name }));
}

/** The wizard on its code step: the phone entered and the code sent (reference KXQ7). */
async function atCodeStep(handlers: Record<string, Handler>) {
  const api = mockApi(handlers);
  const { user } = await renderApp('/register');
  await enterPhone(user);
  await screen.findByText('KXQ7');
  return { api, user };
}

const activeStep = () => document.querySelector('[data-progress]')?.textContent ?? '';

describe('register wizard', () => {
  it('[REG-1] shows a visible 4-step progress: phone, OTP, profile, bank', async () => {
    mockApi();
    await renderApp('/register');
    for (const label of ['Phone', 'OTP', 'Profile', 'Bank']) {
      expect(await screen.findByRole('button', { name: label })).toBeTruthy();
    }
    expect(activeStep()).toContain('Phone');
  });

  it('[REG-2] refuses a 9-digit phone with PHONE_NUMBER_REQUIRE_10_DIGIT', async () => {
    const api = mockApi();
    const { user } = await renderApp('/register');
    await enterPhone(user, '081234567');
    expect(await screen.findByText(errorEn('PHONE_NUMBER_REQUIRE_10_DIGIT'))).toBeTruthy();
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(0);
  });

  it('[REG-2] a Laos build does not enforce 10 digits', async () => {
    vi.stubEnv('VITE_REGION', 'la');
    const api = mockApi({ 'POST /api/otp/send': () => json(otpTicket()) });
    const { user } = await renderApp('/register');
    await enterPhone(user, '02055512');
    await waitFor(() => expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(1));
    expect(screen.queryByText(errorEn('PHONE_NUMBER_REQUIRE_10_DIGIT'))).toBeNull();
  });

  it('[REG-3] sends the OTP, shows its reference and the demo code, and verifies it', async () => {
    const api = mockApi({
      'POST /api/otp/send': () => json(otpTicket()),
      'POST /api/otp/verify': codeValid,
    });
    const { user } = await renderApp('/register');
    await enterPhone(user);
    expect(await screen.findByText('KXQ7')).toBeTruthy();
    expect(screen.getByText('Your code is 482913')).toBeTruthy();
    expect(api.callsTo('POST', '/api/otp/send')[0]?.body).toEqual({ phoneNumber: '0812345678', lang: 'en' });
    const resend = screen.getByRole('button', { name: /New code in \d+ s/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    await typeOtpCode(user, '482913');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/otp/verify')[0]?.body).toEqual({
        otpToken: 'tok_123',
        otpCode: '482913',
      }),
    );
    expect(await screen.findByLabelText(/Full name/)).toBeTruthy();
  });

  it('[REG-3] skips the OTP step when the lookup says OTP is off', async () => {
    const api = mockApi({ 'GET /api/lookup/registerOTP': () => json({ enabled: false }) });
    const { user } = await renderApp('/register');
    await enterPhone(user);
    expect(await screen.findByLabelText(/Full name/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(0);
  });

  it('[REG-3] an OTP_VERIFIED answer skips to the profile step', async () => {
    mockApi({ 'POST /api/otp/send': () => fail('OTP_VERIFIED', 409) });
    const { user } = await renderApp('/register');
    await enterPhone(user);
    expect(await screen.findByLabelText(/Full name/)).toBeTruthy();
    expect((screen.getByLabelText(/Phone number/) as HTMLInputElement).value).toBe('0812345678');
  });

  it('[REG-7] EXISTING_USER keeps the member on the phone step with the message', async () => {
    mockApi({ 'POST /api/otp/send': () => fail('EXISTING_USER', 409) });
    const { user } = await renderApp('/register');
    await enterPhone(user);
    expect((await screen.findByRole('alert')).textContent).toContain(errorEn('EXISTING_USER'));
    expect(screen.getByLabelText('Phone number')).toBeTruthy();
  });

  it.each(['OTP_CODE_INVALID', 'OTP_EXPIRED', 'OTP_NOT_EXIST', 'OTP_TOKEN_INVALID'])(
    '[REG-9] shows %s translated on the OTP step',
    async (code) => {
      const { user } = await atCodeStep({
        'POST /api/otp/send': () => json(otpTicket()),
        'POST /api/otp/verify': () => fail(code),
      });
      await typeOtpCode(user, '111111');
      expect((await screen.findByRole('alert')).textContent).toContain(errorEn(code));
    },
  );

  it('[REG-9] after OTP_BLOCK the new-code link counts down until a resend is allowed, then sends one', async () => {
    // The clock stands still until the test moves it: typing the code on a busy machine takes no seconds
    // off the countdown. Timers stay real, so the countdown's tick comes on its own.
    vi.useFakeTimers({ toFake: ['Date'] });
    let sends = 0;
    const { api, user } = await atCodeStep({
      'POST /api/otp/send': () =>
        json(
          ++sends === 1
            ? otpTicket({ resendAfterS: 30 })
            : { ...otpTicket(), otpRef: 'NEW2', otpToken: 'tok_2' },
        ),
      'POST /api/otp/verify': () => fail('OTP_BLOCK', 429),
    });
    await typeOtpCode(user, '111111');
    expect((await screen.findByRole('alert')).textContent).toContain(errorEn('OTP_BLOCK'));
    // While the server would answer REQUEST_LIMIT_1MIN, no link: the time left instead.
    expect(screen.getByTestId('otp-new-code-wait').textContent).toBe('New code in 30 s');
    expect(screen.queryByRole('button', { name: 'Request a new code' })).toBeNull();
    vi.setSystemTime(Date.now() + 29_000);
    await waitFor(() => expect(screen.getByTestId('otp-new-code-wait').textContent).toBe('New code in 1 s'), {
      timeout: 8_000,
    });
    expect(screen.queryByRole('button', { name: 'Request a new code' })).toBeNull();
    vi.setSystemTime(Date.now() + 1_000);
    await user.click(await screen.findByRole('button', { name: 'Request a new code' }, { timeout: 8_000 }));
    expect(await screen.findByText('NEW2')).toBeTruthy();
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('[REG-3] "change number" and the same number again goes back to the still-valid code, sending none', async () => {
    let sends = 0;
    // The server refuses a second send within a minute: asking again would trap the member.
    const { api, user } = await atCodeStep({
      'POST /api/otp/send': () => (++sends === 1 ? json(otpTicket()) : fail('REQUEST_LIMIT_1MIN', 429)),
      'POST /api/otp/verify': codeValid,
    });
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(((await screen.findByLabelText('Phone number')) as HTMLInputElement).value).toBe('0812345678');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('KXQ7')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(1);
    // The countdown went on; it did not start again from 60.
    expect(screen.getByRole('button', { name: /New code in \d+ s/ })).toBeTruthy();
    await typeOtpCode(user, '482913');
    expect(await screen.findByLabelText(/Full name/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/otp/verify')[0]?.body).toEqual({
      otpToken: 'tok_123',
      otpCode: '482913',
    });
  });

  it('[REG-3] a blocked code, "change number" and the same number: back to the block and its countdown', async () => {
    let sends = 0;
    const { api, user } = await atCodeStep({
      'POST /api/otp/send': () => (++sends === 1 ? json(otpTicket()) : fail('REQUEST_LIMIT_1MIN', 429)),
      'POST /api/otp/verify': () => fail('OTP_BLOCK', 429),
    });
    await typeOtpCode(user, '111111');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain(errorEn('OTP_BLOCK'));
    expect(screen.getByTestId('otp-new-code-wait').textContent).toMatch(/New code in \d+ s/);
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(1);
  });

  it('[REG-2] the phone field takes at most 10 digits; a pasted 081-234-5678 fits', async () => {
    mockApi();
    const { user } = await renderApp('/register');
    const phone = (await screen.findByLabelText('Phone number')) as HTMLInputElement;
    await user.type(phone, '08123456789999');
    expect(phone.value).toBe('0812345678');
    await user.clear(phone);
    await user.click(phone);
    await user.paste('081-234-5678');
    expect(phone.value).toBe('0812345678');
  });

  it('[REG-2] a Laos build takes up to 15 digits', async () => {
    vi.stubEnv('VITE_REGION', 'la');
    mockApi();
    const { user } = await renderApp('/register');
    const phone = (await screen.findByLabelText('Phone number')) as HTMLInputElement;
    await user.type(phone, '02055512345678999');
    expect(phone.value).toBe('020555123456789');
  });

  it('[REG-2] a pasted +66898765432 is 0898765432, not 6689876543', async () => {
    mockApi();
    const { user } = await renderApp('/register');
    const phone = (await screen.findByLabelText('Phone number')) as HTMLInputElement;
    await user.click(phone);
    await user.paste('+66898765432');
    expect(phone.value).toBe('0898765432');
    await user.clear(phone);
    await user.paste('66 89-876-5432');
    expect(phone.value).toBe('0898765432');
  });

  it("[REG-2] a Laos build reads +856 / 856 as the local 0 (020...), and Thailand's +66 too", async () => {
    vi.stubEnv('VITE_REGION', 'la');
    mockApi();
    const { user } = await renderApp('/register');
    const phone = (await screen.findByLabelText('Phone number')) as HTMLInputElement;
    for (const [pasted, local] of [
      ['+856 20 5551 2345', '02055512345'],
      ['8562055512345', '02055512345'],
      ['+66-89-876-5432', '0898765432'],
    ] as const) {
      await user.clear(phone);
      await user.click(phone);
      await user.paste(pasted);
      expect(phone.value).toBe(local);
    }
  });

  it('[REG-9] a resend that comes too early shows REQUEST_LIMIT_1MIN', async () => {
    let sends = 0;
    mockApi({
      'POST /api/otp/send': () =>
        ++sends === 1 ? json(otpTicket({ resendAfterS: 0 })) : fail('REQUEST_LIMIT_1MIN', 429),
    });
    const { user } = await renderApp('/register');
    await enterPhone(user);
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toContain(errorEn('REQUEST_LIMIT_1MIN'));
  });

  it('[REG-4] requires name and passwords, and the passwords must match', async () => {
    const api = mockApi({ 'GET /api/lookup/registerOTP': () => json({ enabled: false }) });
    const { user } = await renderApp('/register');
    await enterPhone(user);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('Required')).toHaveLength(3);
    await fillProfile(user, { confirm: 'other-pass' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('passwords do not match')).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/validate')).toHaveLength(0);
  });

  it('[REG-4] [LK-1] offers the sources from /api/lookup/sources in the member language', async () => {
    const api = mockApi({ 'GET /api/lookup/registerOTP': () => json({ enabled: false }) });
    const { user } = await renderApp('/register');
    await enterPhone(user);
    await user.click(await screen.findByRole('combobox', { name: /How did you hear/ }));
    expect(await screen.findByRole('option', { name: 'Facebook' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'A friend' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/lookup/sources')).toHaveLength(1);
  });

  it('[REG-5] validates with the server before the bank step and shows its error', async () => {
    const api = mockApi({
      'GET /api/lookup/registerOTP': () => json({ enabled: false }),
      'POST /api/account/validate': () => fail('INVALID_INVITE_CODE'),
    });
    const { user } = await renderApp('/register?code=BAD1');
    await enterPhone(user);
    await fillProfile(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain(errorEn('INVALID_INVITE_CODE'));
    expect(api.callsTo('POST', '/api/account/validate')[0]?.body).toEqual({
      name: 'Somchai Jaidee',
      username: '0812345678',
      password: 'secret-pass',
      sourceCode: '',
      inviteCode: 'BAD1',
    });
    expect(screen.queryByRole('combobox', { name: /Bank/ })).toBeNull();
  });

  it('[SH-5] /register?code=X pre-fills the invite code', async () => {
    mockApi({ 'GET /api/lookup/registerOTP': () => json({ enabled: false }) });
    const { user } = await renderApp('/register?code=FRIEND42');
    await enterPhone(user);
    expect(((await screen.findByLabelText(/Invite code/)) as HTMLInputElement).value).toBe('FRIEND42');
  });

  async function toBankStep(user: UserEvent) {
    await enterPhone(user);
    await fillProfile(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('combobox', { name: /Bank/ });
  }

  it('[REG-6] upper-cases names as typed and requires the bank fields', async () => {
    const api = mockApi({
      'GET /api/lookup/registerOTP': () => json({ enabled: false }),
      'POST /api/account/validate': validOk,
    });
    const { user } = await renderApp('/register');
    await toBankStep(user);
    await user.clear(screen.getByLabelText(/First name/));
    await user.clear(screen.getByLabelText(/Last name/));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getAllByText('Required')).toHaveLength(4);
    await user.type(screen.getByLabelText(/First name/), 'somchai');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('SOMCHAI');
    expect(api.callsTo('POST', '/api/account')).toHaveLength(0);
  });

  it('[REG-6] the holder names start from the full name given one step before, upper-cased, and can be corrected', async () => {
    mockApi({
      'GET /api/lookup/registerOTP': () => json({ enabled: false }),
      'POST /api/account/validate': validOk,
    });
    const { user } = await renderApp('/register');
    await enterPhone(user);
    await pasteInto(user, await screen.findByLabelText(/Full name/), '  Somchai  Na  Ayutthaya ');
    await pasteInto(user, screen.getByLabelText(/^Password/), 'secret-pass');
    await pasteInto(user, screen.getByLabelText(/Confirm password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const first = (await screen.findByLabelText(/First name/)) as HTMLInputElement;
    const last = screen.getByLabelText(/Last name/) as HTMLInputElement;
    expect([first.value, last.value]).toEqual(['SOMCHAI', 'NA AYUTTHAYA']);
    await user.clear(last);
    await user.type(last, 'na-ayutthaya');
    expect(last.value).toBe('NA-AYUTTHAYA');
  });

  it('[REG-6] the bank coded TMB shows as ttb in the bank list', async () => {
    mockApi({
      'GET /api/lookup/registerOTP': () => json({ enabled: false }),
      'POST /api/account/validate': validOk,
      'GET /api/lookup/banks': () =>
        json([
          {
            code: 'TMB',
            clearingCode: '011',
            nameTH: 'ttb ธนาคารทหารไทยธนชาต',
            nameEN: 'ttb (TMBThanachart Bank)',
            country: 'TH',
          },
        ]),
    });
    const { user } = await renderApp('/register');
    await toBankStep(user);
    await user.click(await screen.findByRole('combobox', { name: /Bank/ }));
    const option = await screen.findByRole('option', { name: /ttb/ });
    expect(option.textContent).toBe('ttb (TMBThanachart Bank)');
  });

  it('[REG-6] KTB needs English names: BANK_ACCOUNT_NAME_ENG before anything is sent', async () => {
    const api = mockApi({
      'GET /api/lookup/registerOTP': () => json({ enabled: false }),
      'POST /api/account/validate': validOk,
    });
    const { user } = await renderApp('/register');
    await toBankStep(user);
    await chooseBank(user, /Krungthai/);
    await fillBankFields(user, 'สมชาย', 'JAIDEE');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(errorEn('BANK_ACCOUNT_NAME_ENG'))).toBeTruthy();
    expect(api.callsTo('POST', '/api/account')).toHaveLength(0);
  });

  it('[REG-7] [REG-8] [SH-3] posts the registration, shows success, then /login after 2 s with the phone filled in', async () => {
    const api = mockApi({
      'GET /api/lookup/registerOTP': () => json({ enabled: false }),
      'POST /api/account/validate': validOk,
      'POST /api/account': registered,
    });
    const { user, router } = await renderApp('/register?code=FRIEND42');
    await toBankStep(user);
    // SH-3: a Thai build offers no currency choice.
    expect(screen.queryByText('Currency')).toBeNull();
    await chooseBank(user, /Kasikornbank/);
    // The holder's names came from the full name (Somchai Jaidee).
    await user.type(screen.getByLabelText(/Account number/), '123-456-7890');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration complete')).toBeTruthy();
    const startedAt = Date.now();
    expect(api.callsTo('POST', '/api/account')[0]?.body).toEqual({
      name: 'Somchai Jaidee',
      username: '0812345678',
      password: 'secret-pass',
      sourceCode: '',
      inviteCode: 'FRIEND42',
      bankCode: 'KBANK',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      currency: 'BAHT',
    });
    expect(location(router)).toBe('/register');
    // The redirect's timer never fires early, so the lower bound holds on any machine; the wait's limit is
    // a hang detector, not a bar: on a busy machine the timer and the login screen's render come late.
    await waitFor(() => expect(location(router)).toBe('/login'), {
      timeout: REGISTER_REDIRECT_DELAY_MS + 15_000,
    });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(REGISTER_REDIRECT_DELAY_MS - 200);
    // The new member only types the password.
    expect(((await screen.findByLabelText('Phone number')) as HTMLInputElement).value).toBe('0812345678');
    // Greeted as new, not "welcome back".
    expect(screen.getByRole('heading', { name: 'Your account is ready' })).toBeTruthy();
  });

  it.each([
    ['EXISTING_BANK', 'bank'],
    ['INVALID_BANK', 'bank'],
    ['EXISTING_USER', 'phone'],
  ])('[REG-7] shows the server refusal %s on the %s step', async (code, where) => {
    mockApi({
      'GET /api/lookup/registerOTP': () => json({ enabled: false }),
      'POST /api/account/validate': validOk,
      'POST /api/account': () => fail(code, 409),
    });
    const { user } = await renderApp('/register');
    await toBankStep(user);
    await chooseBank(user, /Kasikornbank/);
    await fillBankFields(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toContain(errorEn(code));
    if (where === 'bank') expect(screen.getByLabelText(/Account number/)).toBeTruthy();
    else expect(screen.getByLabelText('Phone number')).toBeTruthy();
  });

  it('[REG-7] a double tap on Register while the first is on its way sends one registration and ends on success', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = mockApi({
      'GET /api/lookup/registerOTP': () => json({ enabled: false }),
      'POST /api/account/validate': validOk,
      'POST /api/account': () => held.then(registered),
    });
    const { user } = await renderApp('/register');
    await toBankStep(user);
    await chooseBank(user, /Kasikornbank/);
    await fillBankFields(user);
    const submit = screen.getByRole('button', { name: 'Register' });
    await user.dblClick(submit);
    await user.click(submit);
    expect(api.callsTo('POST', '/api/account')).toHaveLength(1);
    release();
    expect(await screen.findByText('Registration complete')).toBeTruthy();
    expect(api.callsTo('POST', '/api/account')).toHaveLength(1);
  });

  it('[SH-3] a Laos build offers LAK (default) or BAHT and sends the choice', async () => {
    vi.stubEnv('VITE_REGION', 'la');
    const api = mockApi({
      'GET /api/lookup/registerOTP': () => json({ enabled: false }),
      'POST /api/account/validate': validOk,
      'POST /api/account': registered,
    });
    const { user } = await renderApp('/register', { locale: 'en' });
    await toBankStep(user);
    const lak = screen.getByRole('radio', { name: 'Lao kip (LAK)' }) as HTMLInputElement;
    expect(lak.checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Thai baht (BAHT)' }));
    await chooseBank(user, /Kasikornbank/);
    await fillBankFields(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Registration complete');
    expect((api.callsTo('POST', '/api/account')[0]?.body as { currency: string }).currency).toBe('BAHT');
    await act(async () => {});
  });
});
