// The five flows the how-to videos show, driven as a member would on a phone, in the UI of the region's
// language: Thai (a baht member at KBANK) or, on a Laos build, Lao (a kip member at BCEL). One set of flows:
// what differs between the regions is data (REGIONS). Each calls step(key) where a caption (captions.mjs)
// begins; the outside world (the member's bank, the SMS, the banking app that scans the QR) is the
// simulated one under /sim.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../lib.mjs';

const texts = (locale) => JSON.parse(readFileSync(join(root, `web/src/i18n/locales/${locale}.json`), 'utf8'));

/**
 * What the videos of each region show: the UI's language (its texts), the member the videos register and
 * then use, the operator's account they transfer to (server/src/db/seed.ts), the QR channel, and amounts
 * that make sense in the member's currency.
 */
export const REGIONS = {
  th: {
    locale: 'th',
    /** The browser's language: the demo slot takes it (Accept-Language), and Intl its money format. */
    browserLocale: 'th-TH',
    /** A KBANK account, as most Thai members have. */
    member: {
      phone: '0891234567',
      password: 'krapao-howto-1',
      name: 'สมศรี รักดี',
      firstName: 'SOMSRI',
      lastName: 'RAKDEE',
      bankAccountNo: '7012345678',
      bankCode: 'KBANK',
    },
    /** The bank as the registration's list names it. */
    bankOption: /กสิกรไทย/,
    /** The currency the bank step asks for, where it asks (a Laos build): a key of register.*. */
    currencyChoice: null,
    /** The operator's KBANK account the seed creates. */
    houseAccount: '0481234567',
    /** ISO 4217, for the amounts as the app writes them. */
    currencyIso: 'THB',
    qrProvider: 'KBANK',
    /** The QR's quick pick (its index): 100 baht. */
    qrPick: 3,
    amounts: { depositBank: 500, withdraw: 200, transfer: 300 },
  },
  la: {
    locale: 'la',
    browserLocale: 'lo-LA',
    /** A Lao phone (020 and 8 digits) and a BCEL account, in kip. */
    member: {
      phone: '02077123456',
      password: 'krapao-howto-1',
      name: 'ບຸນມີ ສີສະຫວາດ',
      firstName: 'BOUNMY',
      lastName: 'SISAVATH',
      bankAccountNo: '0101000246810',
      bankCode: 'BCEL',
    },
    bankOption: /\(BCEL\)/,
    currencyChoice: 'currencyLAK',
    /** The operator's kip account at BCEL that a Laos build seeds (LAO_HOUSE_ACCOUNTS). */
    houseAccount: '0101000123456',
    currencyIso: 'LAK',
    /** A kip member's one QR channel: OnePay's LAPNet QR. */
    qrProvider: 'ONEPAY',
    /** 500,000 kip (ONEPAY's quick picks start at its minimum, 50,000). */
    qrPick: 3,
    amounts: { depositBank: 500_000, withdraw: 200_000, transfer: 300_000 },
  },
};

/** The withdrawal PIN the member sets at the first withdrawal (not too simple: WD PIN rules). */
const PIN = '482915';

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

/** Types the PIN into its six boxes (the first focused, the rest follow), a digit at a time. */
async function typePin(page, boxes) {
  await boxes.locator('input').first().click();
  await page.keyboard.type(PIN, { delay: 120 });
}

/** Types as a thumb does, a key at a time, so the video shows the text arriving. */
const type = (locator, text) => locator.pressSequentially(text, { delay: 70 });

async function newestOtp(base, phone) {
  let code;
  await until(`an SMS to ${phone}`, async () => {
    const inbox = await (await fetch(`${base}/sim/sms/inbox?phone=${phone}`)).json();
    // The text's 6-digit number, whatever language the SMS is in (Lao on a Laos build).
    code = /(?<!\d)(\d{6})(?!\d)/.exec(inbox[0]?.text ?? '')?.[1];
    return Boolean(code);
  });
  return code;
}

/** An amount as the app writes it in the region's language (web/src/lib/format.ts: Intl, two decimals). */
const money = (page, r, amount) =>
  page.evaluate(
    ([tag, iso, n]) =>
      new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: iso,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(n),
    [r.browserLocale, r.currencyIso, amount],
  );

async function openQuickAction(page, l, name) {
  await page.getByRole('button', { name: l.nav.actions }).click();
  await page.waitForTimeout(600);
  await page.getByRole('button', { name }).click();
}

/**
 * HOME-2: a member's first login asks to accept the member agreements (after a short delay); the video
 * shows the member accepting them (`shown` marks the moment). Nothing happens where there is no such step.
 */
async function acceptAgreements(page, l, shown = () => {}, timeoutMs = 4_000) {
  const accept = l.agreements?.accept;
  if (!accept) return;
  const button = page.getByRole('button', { name: accept });
  await button.waitFor({ timeout: timeoutMs }).catch(() => {});
  if (!(await button.count())) return;
  shown();
  await page.waitForTimeout(2_000);
  await button.click();
  await button.waitFor({ state: 'detached' });
}

/** Logs the member in through the form (not recorded): the videos after the first start on the home page. */
export async function logIn({ page, base, r }) {
  const l = texts(r.locale);
  await page.goto(`${base}/login`);
  await field(page, l.login.username).fill(r.member.phone);
  await field(page, l.login.password).fill(r.member.password);
  await page.getByRole('button', { name: l.login.submit }).click();
  await page.waitForURL(/\/user\/home$/);
  await page.getByRole('region', { name: l.wallet.card }).waitFor();
  await acceptAgreements(page, l);
  await page.waitForTimeout(1_000);
}

/** Each flow: where it starts (not recorded), then what the video shows. */
export const FLOWS = {
  register: {
    async prepare({ page, base, r }) {
      const l = texts(r.locale);
      await page.goto(`${base}/login`);
      await field(page, l.login.username).waitFor();
      await page.waitForTimeout(800);
    },
    async run({ page, base, step, pause, r }) {
      const l = texts(r.locale);
      const M = r.member;
      step('start');
      await pause(1_200);
      await page
        .getByRole('navigation', { name: l.nav.visitorMenu })
        .getByRole('link', { name: l.nav.register })
        .click();
      await field(page, l.register.phone).waitFor();
      await pause(800);
      step('phone');
      await type(field(page, l.register.phone), M.phone);
      await pause(800);
      await page.getByRole('button', { name: l.common.next }).click();
      const code = await newestOtp(base, M.phone);
      step('otp');
      await pause(1_500);
      const boxes = page.locator('input[inputmode="numeric"]');
      await until('the code boxes', () => boxes.first().isEnabled());
      await boxes.first().click();
      await page.keyboard.type(code, { delay: 120 });
      await field(page, l.register.name).waitFor();
      await pause(800);
      step('profile');
      await type(field(page, l.register.name), M.name);
      await field(page, l.register.password).fill(M.password);
      await pause(300);
      await field(page, l.register.confirmPassword).fill(M.password);
      await pause(800);
      await page.getByRole('button', { name: l.common.next }).click();
      await page.getByPlaceholder(l.register.bankPlaceholder).waitFor();
      await pause(600);
      step('bank');
      if (r.currencyChoice) {
        // SH-3: a Laos build asks for the wallet's currency first (kip unless the member picks baht).
        await page
          .getByRole('radiogroup', { name: l.register.currency })
          .getByText(l.register[r.currencyChoice])
          .click();
        await pause(800);
      }
      await page.getByPlaceholder(l.register.bankPlaceholder).click();
      await pause(800);
      await page.getByRole('option', { name: r.bankOption }).first().click();
      await pause(500);
      // The names start from the full name (in Thai or Lao script): the member writes them as the bank has
      // them.
      await field(page, l.register.firstName).fill('');
      await type(field(page, l.register.firstName), M.firstName);
      await field(page, l.register.lastName).fill('');
      await type(field(page, l.register.lastName), M.lastName);
      await type(field(page, l.register.accountNo), M.bankAccountNo);
      await pause(1_000);
      await page.getByRole('button', { name: l.register.submit }).click();
      await until(
        'the registration to complete',
        async () => (await page.getByText(l.register.doneTitle).count()) > 0,
      );
      step('done');
      // REG-8: on to /login after 2 seconds.
      await page.waitForURL(/\/login$/, { timeout: 10_000 });
      // The form may come filled with the new username already.
      const username = field(page, l.login.username);
      if ((await username.inputValue()) !== M.phone) {
        await username.fill('');
        await type(username, M.phone);
      }
      await field(page, l.login.password).fill(M.password);
      await pause(600);
      await page.getByRole('button', { name: l.login.submit }).click();
      await page.waitForURL(/\/user\/home$/);
      // The member's first login: the agreements come (about 1.5 s after the home page; longer on a busy
      // machine, where 4 s let the video end before them).
      await acceptAgreements(page, l, () => step('agreements'), 15_000);
      await pause(2_000);
    },
  },

  depositBank: {
    prepare: logIn,
    async run({ page, base, step, pause, r }) {
      const l = texts(r.locale);
      const M = r.member;
      step('start');
      await pause(1_000);
      await openQuickAction(page, l, l.actions.deposit);
      const deposit = page.getByRole('dialog', { name: l.deposit.title });
      await deposit.getByRole('tab', { name: l.deposit.sectionBank }).waitFor();
      await pause(1_000);
      step('account');
      await deposit.getByRole('tab', { name: l.deposit.sectionBank }).click();
      await pause(1_200);
      await deposit.getByRole('button', { name: l.deposit.copyNo }).first().click();
      await pause(1_800);
      step('transfer');
      await pause(1_500);
      // The member's banking app sends 500 baht (500,000 kip); the bank's feed tells Krapao at once.
      await postJson(base, '/sim/bank/transfers', {
        fromBankCode: M.bankCode,
        fromAccountNo: M.bankAccountNo,
        toAccountNo: r.houseAccount,
        amount: r.amounts.depositBank,
      });
      const received = l.realtime.received.replace('{{amount}}', await money(page, r, r.amounts.depositBank));
      await until('the deposit to arrive', async () => (await page.getByText(received).count()) > 0);
      step('credited');
      await pause(1_500);
      await page.keyboard.press('Escape');
      await pause(2_500);
    },
  },

  depositQr: {
    prepare: logIn,
    async run({ page, base, step, pause, r }) {
      const l = texts(r.locale);
      step('start');
      await pause(1_000);
      await openQuickAction(page, l, l.actions.deposit);
      const deposit = page.getByRole('dialog', { name: l.deposit.title });
      await pause(800);
      await deposit.getByRole('tab', { name: l.deposit.sectionQr }).click();
      await pause(1_000);
      step('amount');
      const picks = deposit.getByRole('group', { name: l.deposit.qr.quickPicks });
      await picks.waitFor();
      // The channel, where there is a choice (a kip member has one: OnePay).
      const channel = deposit.getByRole('radio', { name: new RegExp(r.qrProvider) });
      if (await channel.count()) {
        await channel.click();
        await pause(800);
      }
      const panel = deposit.locator('.qr-panel');
      await until(
        `the ${r.qrProvider} channel`,
        async () => (await panel.getAttribute('data-provider')) === r.qrProvider,
      );
      await picks.getByRole('button').nth(r.qrPick).click();
      await pause(1_000);
      await deposit.getByRole('button', { name: l.deposit.qr.create }).click();
      await deposit.getByRole('timer').waitFor();
      step('scan');
      await pause(2_500);
      // The banking app scans it: the gateway pays the newest open QR and calls Krapao back.
      const qrs = await (await fetch(`${base}/sim/gateway/qrcodes`)).json();
      const open = qrs.find((q) => q.status === 'OPEN');
      await postJson(base, `/sim/gateway/qrcodes/${encodeURIComponent(open.gatewayRef)}/pay`, {});
      const receivedText = l.realtime.received.split('{{amount}}');
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
    async run({ page, step, pause, r }) {
      const l = texts(r.locale);
      const M = r.member;
      step('start');
      await pause(1_000);
      await openQuickAction(page, l, l.actions.withdraw);
      const withdraw = page.getByRole('dialog', { name: l.withdraw.title });
      await withdraw.getByLabel(new RegExp(`^${escapeRegExp(l.withdraw.amount)}`)).waitFor();
      await pause(1_000);
      step('amount');
      await type(
        withdraw.getByLabel(new RegExp(`^${escapeRegExp(l.withdraw.amount)}`)),
        String(r.amounts.withdraw),
      );
      await pause(1_000);
      await withdraw.getByRole('button', { name: l.withdraw.submit }).click();
      // The first withdrawal sets the member's PIN (the password, the PIN twice); the review takes it.
      const setPin = withdraw.getByTestId('set-pin-form');
      const review = withdraw.getByTestId('review-step');
      await until('the PIN or the review', async () => (await setPin.count()) + (await review.count()) > 0);
      step('pin');
      await pause(1_000);
      if (await setPin.count()) {
        await setPin.locator('input[type="password"]').first().fill(M.password);
        await pause(500);
        await typePin(page, setPin.getByTestId('new-pin'));
        await pause(300);
        await typePin(page, setPin.getByTestId('repeat-pin'));
        await pause(800);
        await setPin.locator('button[type="submit"]').click();
      }
      await review.waitFor();
      await pause(1_500);
      await typePin(page, review.getByTestId('review-pin'));
      await until('the withdrawal to be requested', async () =>
        withdraw
          .getByText(l.withdraw.doneTitle)
          .count()
          .then((n) => n > 0),
      );
      step('done');
      await pause(2_500);
      await withdraw.getByRole('button', { name: l.withdraw.done }).click();
      await pause(800);
      step('statement');
      await page
        .getByRole('navigation', { name: l.nav.memberMenu })
        .getByRole('link', { name: l.nav.statement })
        .click();
      await page.waitForURL(/\/user\/statement$/);
      await pause(2_500);
    },
  },

  transferPlay: {
    prepare: logIn,
    async run({ page, base, step, pause, r }) {
      const l = texts(r.locale);
      step('start');
      await pause(1_200);
      const slots = page.getByRole('region', { name: l.home.game.slot });
      await slots.getByRole('button', { name: 'PG', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'PG' });
      await modal.getByRole('button', { name: l.games.activate }).waitFor();
      await pause(800);
      step('activate');
      await modal.getByRole('button', { name: l.games.activate }).click();
      const username = modal.getByLabel(l.games.username, { exact: true });
      await until('the game account', async () => (await username.count()) === 1);
      await pause(1_500);
      step('amount');
      await type(modal.getByLabel(l.games.amount), String(r.amounts.transfer));
      await pause(1_000);
      // The demo slot's first spin for this account lands on a line of sevens: a win to show.
      await postJson(base, '/sim/games/rig', {
        provider: 'PG',
        username: (await username.textContent()).trim(),
        stops: [SEVENS],
      });
      await modal.getByRole('button', { name: l.games.transferAndPlay }).click();
      await page.waitForURL(/\/sim\/games\/play\//, { timeout: 30_000 });
      const spin = page.getByTestId('spin');
      // The slot writes it in the browser's language ('฿300.00', '300.000,00 ₭'): its digits, with the satang.
      await until(
        'the game balance',
        async () =>
          ((await page.getByTestId('balance').textContent()) ?? '').replace(/\D/g, '') ===
          String(r.amounts.transfer * 100),
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
