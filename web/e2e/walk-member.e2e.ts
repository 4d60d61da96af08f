// What the issue 20 walk found, on a phone (390x844), in Thai and Lao, photographed for docs/screenshots:
// a duplicate slip said refused with its reason as soon as it is checked; an active bonus's lock on the
// withdraw form, and what clearing it needs on the bonus page before the cancel is pressed; and, during
// a time-out, a home without offers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import th from '../src/i18n/locales/th.json' with { type: 'json' };
import la from '../src/i18n/locales/la.json' with { type: 'json' };
import thErrors from '../src/i18n/errors/th.json' with { type: 'json' };
import laErrors from '../src/i18n/errors/la.json' with { type: 'json' };
import {
  bankTransfer,
  docsShot,
  escapeRegExp,
  memberApi,
  registerMember,
  sessionToken,
  useBrowser,
  type TestMember,
} from './browser.ts';

const base = inject('baseUrl');
const LOCALES = [
  ['th', th, thErrors],
  ['la', la, laErrors],
] as const;

const member: TestMember = {
  phone: `086${String(Date.now()).slice(-7)}`,
  password: 'walk-member-journey-1',
  name: 'Dara Walk',
  bankCode: 'SCB',
  bankAccountName: 'DARA WALK',
  bankAccountNo: `43${String(Date.now()).slice(-8)}`,
};

/** LOG-1 in the member's language: a fresh sign-in through the form. */
async function logIn(page: Page, locale: 'th' | 'la', words: typeof th | typeof la) {
  await page.goto(`${base}/login`);
  await page.evaluate((l) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('locale', l);
  }, locale);
  await page.reload();
  await page.getByLabel(new RegExp(`^${escapeRegExp(words.login.username)}`)).fill(member.phone);
  await page.getByLabel(new RegExp(`^${escapeRegExp(words.login.password)}`)).fill(member.password);
  await page.getByRole('button', { name: words.login.submit }).click();
  await page.waitForURL(/\/user\/home$/);
}

describe('what the walk found, in the browser (390x844, Thai and Lao)', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 }, locale: 'th-TH' });
  let slipFile = '';
  beforeAll(async () => {
    await registerMember(member);
    // A transfer the bank feed credits: its slip, uploaded after, is a duplicate.
    const transfer = await bankTransfer(member, 500);
    const slip = await fetch(`${base}${transfer.slipUrl as string}`);
    slipFile = join(mkdtempSync(join(tmpdir(), 'krapao-slip-')), 'slip.png');
    writeFileSync(slipFile, Buffer.from(await slip.arrayBuffer()));
    // BON-1: the welcome bonus, whose turnover locks withdrawals.
    await memberApi(await sessionToken(member), 'GET', '/api/bonus/activate/WELCOME100');
  });

  it.each(LOCALES)(
    '[SLIP-4] [BON-5] [issue 20] a duplicate slip says why at once; the bonus lock shows before a withdrawal (%s)',
    async (locale, words, errors) => {
      const { page } = s;
      await logIn(page, locale, words);

      // The slip of a transfer already credited: refused as a duplicate, said in the dialog itself.
      await page.getByRole('button', { name: words.nav.actions }).click();
      await page.getByRole('button', { name: words.actions.deposit }).click();
      const deposit = page.getByRole('dialog', { name: words.deposit.title });
      await deposit.getByRole('button', { name: words.deposit.slipOpen }).click();
      const upload = page.getByRole('dialog', { name: words.slips.uploadTitle });
      await upload.getByLabel(words.slips.fileLabel).setInputFiles(slipFile);
      await upload.getByRole('button', { name: words.slips.submit }).click();
      const refused = upload.getByTestId('slip-refused');
      await refused.waitFor();
      expect(await upload.getByTestId('slip-refused-reason').textContent()).toBe(
        errors.SLIP_REFNO_DUPLICATED,
      );
      expect(await refused.textContent()).toContain(words.slips.refused.duplicate);
      await docsShot(page, `slip-refused-${locale}`);
      await page.keyboard.press('Escape');
      await upload.waitFor({ state: 'detached' });

      // The withdraw form says the bonus holds it, with how far the member is, before any try.
      await page.getByRole('button', { name: words.nav.actions }).click();
      await page.getByRole('button', { name: words.actions.withdraw }).click();
      const withdraw = page.getByRole('dialog', { name: words.withdraw.title });
      const lock = withdraw.getByTestId('withdraw-bonus-lock');
      await lock.waitFor();
      expect(await lock.textContent()).toContain(words.withdraw.bonusLock.title);
      expect(await withdraw.getByRole('button', { name: words.withdraw.submit }).isDisabled()).toBe(true);
      await docsShot(page, `withdraw-bonus-lock-${locale}`);

      // The bonus page says what the cancel needs before it is pressed.
      await page.keyboard.press('Escape');
      await withdraw.waitFor({ state: 'detached' });
      await page.goto(`${base}/user/bonus`);
      const still = page.getByTestId('bonus-still-to-play');
      await still.waitFor();
      await still.scrollIntoViewIfNeeded();
      await docsShot(page, `bonus-still-to-play-${locale}`);
    },
  );

  it('[care] [issue 20] during a time-out the home shows no offers (Thai and Lao)', async () => {
    const { page } = s;
    await memberApi(await sessionToken(member), 'POST', '/api/protection/timeout', { days: 1 });
    for (const [locale, words] of LOCALES) {
      await logIn(page, locale, words);
      await page.getByTestId('offers-paused').waitFor();
      expect(await page.getByRole('radiogroup', { name: words.invite.show }).count()).toBe(0);
      await docsShot(page, `offers-paused-${locale}`);
    }
  });
});
