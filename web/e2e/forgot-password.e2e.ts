// Forgot password on a phone, in Thai: "ลืมรหัสผ่าน" on /login, the phone, the code the simulated SMS
// gateway delivered (its inbox, as the member's phone would show it), a new password, then a log-in
// with it. The old password no longer works. Screenshots at 390x844 under e2e/screenshots.
import { describe, expect, inject, it } from 'vitest';
import th from '../src/i18n/locales/th.json' with { type: 'json' };
import { post, registerMember, screenshot, useBrowser, type TestMember } from './browser.ts';

const base = inject('baseUrl');
/** A member of this file's own (the demo member belongs to the other browser tests). */
const member: TestMember = {
  phone: '0867770358',
  password: 'forgot it soon 1',
  name: 'Somsri Jaidee',
  bankCode: 'KBANK',
  bankAccountName: 'SOMSRI JAIDEE',
  bankAccountNo: '7350001234',
};
const NEW_PASSWORD = 'remembered now 2';

/** The code of the SMS to the phone that carries the reference the page shows. */
async function codeOfRef(ref: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const inbox = (await (await fetch(`${base}/sim/sms/inbox?phone=${member.phone}`)).json()) as Array<{
        text: string;
      }>;
      const sms = inbox.find((m) => m.text.includes(`Ref ${ref}`));
      code = /(\d{6})/.exec(sms?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

describe('forgot password (browser, phone, Thai)', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('[care] ลืมรหัสผ่าน: phone, the SMS code and a new password, then log in with it', async () => {
    await registerMember(member);
    const { page } = s;
    await page.goto(`${base}/login`);
    await page.evaluate(() => localStorage.setItem('locale', 'th'));
    await page.reload();

    await page.getByRole('link', { name: th.login.forgot }).click();
    await page.waitForURL(/\/forgot-password$/);
    // The new screen, as the member sees it, before typing: the login form has a phone field of the same
    // name (app/screen-history.ts now draws the screen in the task that changes the address).
    await page.getByRole('button', { name: th.forgot.sendCode }).waitFor();
    await page.getByLabel(new RegExp(`^${th.login.username}`)).fill(member.phone);
    await screenshot(page, 'forgot-password-th-phone');
    await page.getByRole('button', { name: th.forgot.sendCode }).click();

    const ref = (await page.getByTestId('otp-ref').textContent())!.trim();
    const code = await codeOfRef(ref);
    await page.getByRole('textbox').first().click();
    await page.keyboard.type(code);
    await page.getByLabel(new RegExp(`^${th.forgot.newPassword}`)).fill(NEW_PASSWORD);
    await page.getByLabel(new RegExp(`^${th.forgot.confirmPassword}`)).fill(NEW_PASSWORD);
    await screenshot(page, 'forgot-password-th-code');
    await page.getByRole('button', { name: th.forgot.submit }).click();

    await page.getByText(th.forgot.done).waitFor();
    await screenshot(page, 'forgot-password-th-done');
    await page.getByRole('main').getByRole('link', { name: th.forgot.toLogin }).click();
    await page.waitForURL(/\/login$/);
    // The phone is filled in: only the new password is typed.
    expect(await page.getByLabel(new RegExp(`^${th.login.username}`)).inputValue()).toBe(member.phone);
    await page.getByLabel(new RegExp(`^${th.login.password}`)).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: th.login.submit }).click();
    await page.waitForURL(/\/user\/home$/);

    const old = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' },
      body: JSON.stringify({ username: member.phone, password: member.password }),
    });
    expect(old.status).toBe(401);
    expect(await post('/api/login', { username: member.phone, password: NEW_PASSWORD })).toHaveProperty(
      'token',
    );
  });
});
