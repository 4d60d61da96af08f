// The statement in a real browser: a deposit notice answered by its transfer reads as one credited
// deposit, and a withdrawal the bank refused reads as money back in the wallet, with a reason that does
// not blame the member. The picture (statement-refused-en) is the one in docs/.
import { afterAll, describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import th from '../src/i18n/locales/th.json' with { type: 'json' };
import {
  bankTransfer,
  logInInBrowser,
  post,
  registerMember,
  pointerAway,
  screenshot,
  sessionToken,
  useBrowser,
  type TestMember,
} from './browser.ts';

const base = inject('baseUrl');

/** A member of their own (the demo member belongs to the other browser tests), with their session token. */
async function newMember() {
  const suffix = String(Date.now()).slice(-7);
  const member: TestMember = {
    phone: `089${suffix}`,
    password: 'correct horse 1',
    name: 'Malee Srisuk',
    bankCode: 'KBANK',
    bankAccountName: 'MALEE SRISUK',
    bankAccountNo: `77${suffix}1`,
  };
  await registerMember(member);
  return { ...member, token: await sessionToken(member) };
}

describe('the statement in the browser', () => {
  const s = useBrowser();
  afterAll(() => post('/sim/bank/config', { payoutMode: 'pay' }));

  it('[trust-9] [DEP-12] [WD-2] [ST-1] a matched notice is one deposit; a refused withdrawal reads as returned', async () => {
    const m = await newMember();
    const auth = { authorization: `Bearer ${m.token}` };
    await bankTransfer(m, 1_500);
    // "I have transferred 300", then the transfer arrives: one credited line.
    await post('/api/wallet/add', { amount: 300 }, { ...auth, 'idempotency-key': `notice-${m.phone}` });
    await bankTransfer(m, 300);
    // The bank refuses the payout; the money comes back to the wallet.
    await post('/sim/bank/config', { payoutMode: 'fail' });
    await post('/api/wallet/withdraw', { amount: 100 }, { ...auth, 'idempotency-key': `wd-${m.phone}` });

    const { page } = s;
    await logInInBrowser(page, m);
    await page.goto(`${base}/user/statement`);

    const refused = page.locator('li[data-type="withdraw"]');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: en.statement.refresh }).click();
          return refused.getByText(en.statement.status.returned, { exact: true }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await refused.getByTestId('statement-returned').textContent()).toBe(
      `+฿100.00 ${en.statement.note.returned}`,
    );
    expect(await refused.getByTestId('statement-note').textContent()).toBe(
      en.statement.returnReason.DEST_ACC_INVALID,
    );
    expect(await page.getByText('Wrong destination account').count()).toBe(0);
    // 1,500 and the matched 300: two credited deposits, no notice left in progress.
    const deposits = page.locator('li[data-type="deposit"]');
    expect(await deposits.count()).toBe(2);
    expect(await deposits.getByText(en.statement.note.matched).count()).toBe(1);
    expect(await page.getByText(en.statement.status.waiting, { exact: true }).count()).toBe(0);
    // The refresh button's tooltip would cover the list: move the pointer away first.
    await pointerAway(page, 195, 600);
    await screenshot(page, 'statement-refused-en');

    // The same in Thai.
    await page.getByRole('radio', { name: 'ไทย' }).click();
    await expect.poll(() => refused.getByText(th.statement.status.returned, { exact: true }).count()).toBe(1);
    expect(await refused.getByTestId('statement-note').textContent()).toBe(
      th.statement.returnReason.DEST_ACC_INVALID,
    );
    await pointerAway(page, 195, 600);
    await screenshot(page, 'statement-refused-th');
  });
});
