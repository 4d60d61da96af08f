// The five flows the how-to videos show, driven as a member would on a phone, in the Thai UI. Each calls
// step(key) where a caption (captions.mjs) begins; the outside world (the member's bank, the SMS, the
// banking app that scans the QR) is the simulated one under /sim.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../lib.mjs';

const th = JSON.parse(readFileSync(join(root, 'web/src/i18n/locales/th.json'), 'utf8'));

/** The member the videos register and then use: a KBANK account, as most Thai members have. */
export const MEMBER = {
  phone: '0891234567',
  password: 'krapao-howto-1',
  name: 'สมศรี รักดี',
  firstName: 'SOMSRI',
  lastName: 'RAKDEE',
  bankAccountNo: '7012345678',
  bankCode: 'KBANK',
};
/** The operator's KBANK account the seed creates (server/src/db/seed.ts). */
const HOUSE_ACCOUNT = '0481234567';

/** Stops whose middle line is 7 7 7 on the demo slot: the first spin of the video wins. */
const SEVENS = [11, 11, 11];

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its visible label (a required field's label ends in *). */
const field = (page, label) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function postJson(base, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Types as a thumb does, a key at a time, so the video shows the text arriving. */
const type = (locator, text) => locator.pressSequentially(text, { delay: 70 });

async function newestOtp(base, phone) {
  let code;
  await until(`an SMS to ${phone}`, async () => {
    const inbox = await (await fetch(`${base}/sim/sms/inbox?phone=${phone}`)).json();
    code = /OTP (\d{6})/.exec(inbox[0]?.text ?? '')?.[1];
    return Boolean(code);
  });
  return code;
}

async function openQuickAction(page, name) {
  await page.getByRole('button', { name: th.nav.actions }).click();
  await page.waitForTimeout(600);
  await page.getByRole('button', { name }).click();
}

/**
 * HOME-2: a member's first login asks to accept the member agreements (after a short delay); the video
 * shows the member accepting them (`shown` marks the moment). Nothing happens where there is no such step.
 */
async function acceptAgreements(page, shown = () => {}) {
  const accept = th.agreements?.accept;
  if (!accept) return;
  const button = page.getByRole('button', { name: accept });
  await button.waitFor({ timeout: 4_000 }).catch(() => {});
  if (!(await button.count())) return;
  shown();
  await page.waitForTimeout(2_000);
  await button.click();
  await button.waitFor({ state: 'detached' });
}

/** Logs the member in through the form (not recorded): the videos after the first start on the home page. */
export async function logIn({ page, base }) {
  await page.goto(`${base}/login`);
  await field(page, th.login.username).fill(MEMBER.phone);
  await field(page, th.login.password).fill(MEMBER.password);
  await page.getByRole('button', { name: th.login.submit }).click();
  await page.waitForURL(/\/user\/home$/);
  await page.getByRole('region', { name: th.wallet.card }).waitFor();
  await acceptAgreements(page);
  await page.waitForTimeout(1_000);
}

/** Each flow: where it starts (not recorded), then what the video shows. */
export const FLOWS = {
  register: {
    async prepare({ page, base }) {
      await page.goto(`${base}/login`);
      await field(page, th.login.username).waitFor();
      await page.waitForTimeout(800);
    },
    async run({ page, base, step, pause }) {
      step('start');
      await pause(1_200);
      await page
        .getByRole('navigation', { name: th.nav.visitorMenu })
        .getByRole('link', { name: th.nav.register })
        .click();
      await field(page, th.register.phone).waitFor();
      await pause(800);
      step('phone');
      await type(field(page, th.register.phone), MEMBER.phone);
      await pause(800);
      await page.getByRole('button', { name: th.common.next }).click();
      const code = await newestOtp(base, MEMBER.phone);
      step('otp');
      await pause(1_500);
      const boxes = page.locator('input[inputmode="numeric"]');
      await until('the code boxes', () => boxes.first().isEnabled());
      await boxes.first().click();
      await page.keyboard.type(code, { delay: 120 });
      await field(page, th.register.name).waitFor();
      await pause(800);
      step('profile');
      await type(field(page, th.register.name), MEMBER.name);
      await field(page, th.register.password).fill(MEMBER.password);
      await pause(300);
      await field(page, th.register.confirmPassword).fill(MEMBER.password);
      await pause(800);
      await page.getByRole('button', { name: th.common.next }).click();
      await page.getByPlaceholder(th.register.bankPlaceholder).waitFor();
      await pause(600);
      step('bank');
      await page.getByPlaceholder(th.register.bankPlaceholder).click();
      await pause(800);
      await page
        .getByRole('option', { name: /กสิกรไทย/ })
        .first()
        .click();
      await pause(500);
      // The names start from the full name (in Thai here): the member writes them as the bank has them.
      await field(page, th.register.firstName).fill('');
      await type(field(page, th.register.firstName), MEMBER.firstName);
      await field(page, th.register.lastName).fill('');
      await type(field(page, th.register.lastName), MEMBER.lastName);
      await type(field(page, th.register.accountNo), MEMBER.bankAccountNo);
      await pause(1_000);
      await page.getByRole('button', { name: th.register.submit }).click();
      await until(
        'the registration to complete',
        async () => (await page.getByText(th.register.doneTitle).count()) > 0,
      );
      step('done');
      // REG-8: on to /login after 2 seconds.
      await page.waitForURL(/\/login$/, { timeout: 10_000 });
      // The form may come filled with the new username already.
      const username = field(page, th.login.username);
      if ((await username.inputValue()) !== MEMBER.phone) {
        await username.fill('');
        await type(username, MEMBER.phone);
      }
      await field(page, th.login.password).fill(MEMBER.password);
      await pause(600);
      await page.getByRole('button', { name: th.login.submit }).click();
      await page.waitForURL(/\/user\/home$/);
      await acceptAgreements(page, () => step('agreements'));
      await pause(2_000);
    },
  },

  depositBank: {
    prepare: logIn,
    async run({ page, base, step, pause }) {
      step('start');
      await pause(1_000);
      await openQuickAction(page, th.actions.deposit);
      const deposit = page.getByRole('dialog', { name: th.deposit.title });
      await deposit.getByRole('tab', { name: th.deposit.sectionBank }).waitFor();
      await pause(1_000);
      step('account');
      await deposit.getByRole('tab', { name: th.deposit.sectionBank }).click();
      await pause(1_200);
      await deposit.getByRole('button', { name: th.deposit.copyNo }).first().click();
      await pause(1_800);
      step('transfer');
      await pause(1_500);
      // The member's banking app sends 500 baht; the bank's feed tells Krapao at once.
      await postJson(base, '/sim/bank/transfers', {
        fromBankCode: MEMBER.bankCode,
        fromAccountNo: MEMBER.bankAccountNo,
        toAccountNo: HOUSE_ACCOUNT,
        amount: 500,
      });
      const received = th.realtime.received.replace('{{amount}}', '฿500.00');
      await until('the deposit to arrive', async () => (await page.getByText(received).count()) > 0);
      step('credited');
      await pause(1_500);
      await page.keyboard.press('Escape');
      await pause(2_500);
    },
  },

  depositQr: {
    prepare: logIn,
    async run({ page, base, step, pause }) {
      step('start');
      await pause(1_000);
      await openQuickAction(page, th.actions.deposit);
      const deposit = page.getByRole('dialog', { name: th.deposit.title });
      await pause(800);
      await deposit.getByRole('tab', { name: th.deposit.sectionQr }).click();
      await pause(1_000);
      step('amount');
      await deposit.getByRole('radio', { name: /KBANK/ }).click();
      await pause(800);
      await deposit.getByRole('group', { name: th.deposit.qr.quickPicks }).getByRole('button').nth(3).click();
      await pause(1_000);
      await deposit.getByRole('button', { name: th.deposit.qr.create }).click();
      await deposit.getByRole('timer').waitFor();
      step('scan');
      await pause(2_500);
      // The banking app scans it: the gateway pays the newest open QR and calls Krapao back.
      const qrs = await (await fetch(`${base}/sim/gateway/qrcodes`)).json();
      const open = qrs.find((q) => q.status === 'OPEN');
      await postJson(base, `/sim/gateway/qrcodes/${encodeURIComponent(open.gatewayRef)}/pay`, {});
      const receivedText = th.realtime.received.split('{{amount}}');
      await until('the QR payment to arrive', async () =>
        deposit
          .getByText(new RegExp(`${escapeRegExp(receivedText[0])}.*${escapeRegExp(receivedText[1])}`))
          .count()
          .then((n) => n > 0),
      );
      step('credited');
      await pause(2_000);
      await page.keyboard.press('Escape');
      await pause(2_000);
    },
  },

  withdraw: {
    prepare: logIn,
    async run({ page, step, pause }) {
      step('start');
      await pause(1_000);
      await openQuickAction(page, th.actions.withdraw);
      const withdraw = page.getByRole('dialog', { name: th.withdraw.title });
      await withdraw.getByLabel(new RegExp(`^${escapeRegExp(th.withdraw.amount)}`)).waitFor();
      await pause(1_000);
      step('amount');
      await type(withdraw.getByLabel(new RegExp(`^${escapeRegExp(th.withdraw.amount)}`)), '200');
      await pause(1_000);
      await withdraw.getByRole('button', { name: th.withdraw.submit }).click();
      await until('the withdrawal to be requested', async () =>
        withdraw
          .getByText(th.withdraw.doneTitle)
          .count()
          .then((n) => n > 0),
      );
      step('done');
      await pause(2_500);
      await withdraw.getByRole('button', { name: th.withdraw.done }).click();
      await pause(800);
      step('statement');
      await page
        .getByRole('navigation', { name: th.nav.memberMenu })
        .getByRole('link', { name: th.nav.statement })
        .click();
      await page.waitForURL(/\/user\/statement$/);
      await pause(2_500);
    },
  },

  transferPlay: {
    prepare: logIn,
    async run({ page, base, step, pause }) {
      step('start');
      await pause(1_200);
      const slots = page.getByRole('region', { name: th.home.game.slot });
      await slots.getByRole('button', { name: 'PG', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'PG' });
      await modal.getByRole('button', { name: th.games.activate }).waitFor();
      await pause(800);
      step('activate');
      await modal.getByRole('button', { name: th.games.activate }).click();
      const username = modal.getByLabel(th.games.username, { exact: true });
      await until('the game account', async () => (await username.count()) === 1);
      await pause(1_500);
      step('amount');
      await type(modal.getByLabel(th.games.amount), '300');
      await pause(1_000);
      // The demo slot's first spin for this account lands on a line of sevens: a win to show.
      await postJson(base, '/sim/games/rig', {
        provider: 'PG',
        username: (await username.textContent()).trim(),
        stops: [SEVENS],
      });
      await modal.getByRole('button', { name: th.games.transferAndPlay }).click();
      await page.waitForURL(/\/sim\/games\/play\//, { timeout: 30_000 });
      const spin = page.getByTestId('spin');
      await until('the game balance', async () =>
        ((await page.getByTestId('balance').textContent()) ?? '').includes('300.00'),
      );
      step('play');
      await pause(1_000);
      for (let i = 1; i <= 3; i++) {
        await spin.click();
        await until('the spin', async () => (await spin.getAttribute('data-done')) === String(i), 15_000);
        await pause(1_000);
      }
      await pause(1_000);
    },
  },
};
