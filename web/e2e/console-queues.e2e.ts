// The console's queues and chat console in a real browser at 1440x900: an admin (made by the CLI, signed
// in through the API, the token put in the tab as the sign-in page does) sees the tiles; a member's chat
// message moves the waiting-chats tile without a reload (the staff socket's nudge); the chat console shows
// the thread with the member beside it and a quick reply in the box. Screenshots go to
// docs/screenshots/console-queues.png, console-queue-bank-lines.png and console-chat.png.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import { bankTransfer, post, registerMember, sessionToken, useBrowser, type TestMember } from './browser.ts';
import { bearerCall, signedInStaff } from './staff.ts';

const base = inject('baseUrl');
const SHOTS = new URL('../../docs/screenshots/', import.meta.url).pathname;

const members: TestMember[] = [
  { phone: '0867770411', name: 'Somchai Jaidee', bankAccountNo: '7012340411' },
  { phone: '0867770412', name: 'Noi Saelee', bankAccountNo: '7012340412' },
].map((m) => ({
  ...m,
  password: 'queues-journey-1',
  bankCode: 'KBANK',
  bankAccountName: m.name.toUpperCase(),
}));

const call = (path: string, body: unknown, token: string) => bearerCall(base, token, 'POST', path, body);

/** An admin made by `npm run ops -- staff-add`, signed in with a TOTP code, password chosen: its token. */
const adminToken = () =>
  signedInStaff(base, inject('opsToken'), {
    username: 'queues.admin',
    role: 'admin',
    password: 'queues admin passphrase',
  });

const chat = (token: string, text: string) =>
  call(
    '/api/chat/send-message',
    { clientId: randomUUID(), message: { message_type: 'text', payload: { text } } },
    token,
  );

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}console-${name}.png` });
}

const tileCount = (page: Page, queue: string) =>
  page.getByTestId(`queue-${queue}`).locator('p').nth(1).innerText();

describe('console queues and chat in the browser [console]', () => {
  const s = useBrowser({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });

  it(
    '[console] the tiles move live; the chat console answers with a quick reply',
    { timeout: 120_000 },
    async () => {
      const token = await adminToken();
      const [a, b] = members as [TestMember, TestMember];
      for (const m of members) await registerMember(m);
      const [ta, tb] = [await sessionToken(a), await sessionToken(b)];
      await bankTransfer(b, 500);
      await post(
        '/api/wallet/add',
        { amount: 302 },
        { authorization: `Bearer ${ta}`, 'idempotency-key': `queues-${a.phone}` },
      );
      // Transfers from accounts no member registered: the feed keeps them for a person.
      for (const [amount, from] of [
        [300, '9990000411'],
        [1500, '9990007777'],
      ] as const)
        await post('/sim/bank/transfers', {
          fromBankCode: 'SCB',
          fromAccountNo: from,
          toAccountNo: '0481234567',
          amount,
        });
      await chat(ta, 'I transferred 300 baht but it is not in my wallet');

      const page = s.page;
      await page.goto(`${base}/console/sign-in`);
      await page.evaluate((t) => {
        localStorage.setItem('locale', 'en');
        sessionStorage.setItem('console_token', t);
      }, token);
      await page.goto(`${base}/console`);
      await page.getByTestId('queue-bankLines').waitFor();
      await expect.poll(() => tileCount(page, 'chats')).toBe('1');
      // A second member writes: the tile follows without a reload.
      await chat(tb, 'Hello, how do I withdraw?');
      await expect.poll(() => tileCount(page, 'chats'), { timeout: 10_000 }).toBe('2');
      expect(await tileCount(page, 'bankLines')).toBe('2');
      await shoot(page, 'queues');

      // Each tile opens its queue: the unmatched lines with the member a pending notice points at.
      await page.getByTestId('queue-bankLines').click();
      await page.getByText(`${a.name} · ${a.phone}`).waitFor();
      await shoot(page, 'queue-bank-lines');

      await page.goto(`${base}/console`);
      await page.getByTestId('queue-chats').click();
      await page.getByText('I transferred 300 baht but it is not in my wallet').waitFor();
      await page.getByRole('button', { name: en.console.chat.quickReplies }).click();
      await page.getByRole('menuitem', { name: en.console.chat.quick.checking }).click();
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      await shoot(page, 'chat');
    },
  );
});
