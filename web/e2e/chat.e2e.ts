// The chat in a real browser at a phone's size: a visitor on /contact and a member on /user/contact each
// write, send a picture (its progress bar seen on a slowed upload) and answer the bot's quick reply; the
// operator answers through the operator API and the answer appears live; after a reload the history is
// there. A server of its own, with the operator token the test answers with (the seed turns the chat
// widget on: site.enableChatWidget). docs/screenshot-chat.png shows the visitor's and the member's open
// chat side by side.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import { startServer } from '../../scripts/lib.mjs';
import {
  postTo,
  registerMember,
  screenshot,
  useBrowser,
  type TestMember,
  acceptAgreementsFor,
} from './browser.ts';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
const OPS_TOKEN = 'chat-browser-test-operator-token';
let base = '';
let stopServer: () => Promise<void> = async () => {};
const env = {
  RATE_LIMIT_PER_MIN: '100000',
  REALTIME_HANDSHAKES_PER_MIN: '100000',
  OPS_TOKEN,
};

/** The operator's API (bearer operator token), as a console would call it. */
async function ops(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${OPS_TOKEN}`,
      'x-requested-with': 'wallet-user',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.json() as Promise<unknown>;
}

interface Conversation {
  id: string;
  userId: string | null;
  guestId: string | null;
}
async function conversationOf(who: { userId?: string; guestId?: string }): Promise<Conversation> {
  let found: Conversation | undefined;
  await expect
    .poll(async () => {
      const list = (await ops('GET', '/api/ops/chat/conversations')) as Conversation[];
      found = list.find((c) => (who.userId ? c.userId === who.userId : c.guestId === who.guestId));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}
const operatorSays = (id: string, text: string) =>
  ops('POST', `/api/ops/chat/conversations/${id}/messages`, {
    message: { message_type: 'text', payload: { text } },
  });

/** A PNG the server takes (checked by its bytes): a soft gradient with a little grain, about 250 KB. */
function picture(width = 300, height = 300): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 48) - 24;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
      raw[i] = clamp(12 + (x / width) * 60 + grain());
      raw[i + 1] = clamp(166 - (y / height) * 80 + grain());
      raw[i + 2] = clamp(120 + (x / width) * 40 + grain());
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const panelOf = (page: Page) => page.getByRole('dialog', { name: en.chat.panel });

async function openChat(page: Page) {
  await page.getByRole('button', { name: en.chat.open }).click();
  const panel = panelOf(page);
  await expect.poll(() => panel.count()).toBe(1);
  return panel;
}

/**
 * The customer's side of one conversation: a text (the bot greets after it with quick replies), a quick
 * reply, and a picture whose upload is slowed so that its progress bar shows and moves.
 */
async function chatAsCustomer(page: Page, text: string) {
  const panel = await openChat(page);
  await expect.poll(() => panel.getByText(en.chat.phase.ready).count(), { timeout: 20_000 }).toBe(1);
  const input = panel.getByRole('textbox', { name: en.chat.messageLabel });
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => panel.getByText(text, { exact: true }).count()).toBe(1);

  // CHAT-4: the bot's greeting offers quick replies; one is answered with a postback.
  const replies = panel.getByRole('group', { name: en.chat.quickReplies });
  await expect.poll(() => replies.count(), { timeout: 15_000 }).toBe(1);
  const reply = replies.getByRole('button').first();
  const replyTitle = (await reply.textContent())!;
  const messagesBefore = await panel.getByTestId('chat-message').count();
  await reply.click();
  await expect.poll(() => panel.getByText(replyTitle, { exact: true }).count()).toBeGreaterThan(0);
  await expect.poll(() => replies.count()).toBe(0);
  // The postback, and the bot's answer to it.
  await expect
    .poll(() => panel.getByTestId('chat-message').count(), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(messagesBefore + 2);

  // CHAT-5: a picture; the upload slowed to 64 KB/s shows its progress bar rising.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  await panel.getByTestId('chat-file').setInputFiles({
    name: 'deposit-slip.png',
    mimeType: 'image/png',
    buffer: picture(),
  });
  const bar = panel.getByRole('progressbar', { name: en.chat.uploadProgress });
  await expect.poll(() => bar.count()).toBe(1);
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const now = Number((await bar.getAttribute('aria-valuenow').catch(() => null)) ?? 100);
        seen.add(now);
        return [...seen].some((v) => v > 0 && v < 100);
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect.poll(() => bar.count(), { timeout: 30_000 }).toBe(0);
  const image = panel.getByRole('img', { name: en.chat.imageAlt });
  await expect.poll(() => image.count()).toBeGreaterThan(0);
  await expect
    .poll(() => image.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // Sent: the picture is the server's copy now, no longer the one on the device.
  await expect.poll(() => image.last().getAttribute('src')).toContain('/api/chat/files/');
  await expect.poll(() => panel.getByText(en.chat.status.succeed).count()).toBe(1);
  return panel;
}

/** After a reload the conversation reads back from the history. */
async function expectHistoryAfterReload(page: Page, texts: string[]) {
  await page.reload();
  const panel = await openChat(page);
  for (const text of texts)
    await expect.poll(() => panel.getByText(text, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => panel.getByRole('img', { name: en.chat.imageAlt }).count()).toBeGreaterThan(0);
  return panel;
}

const shots: string[] = [];

describe('chat in the browser', () => {
  beforeAll(async () => {
    // The chat widget is on as seeded (site.enableChatWidget): one start. Until the seed turned it on,
    // this started a server, turned it on in the stopped server's database and started another.
    const server = await startServer(env);
    base = server.base;
    stopServer = server.stop;
  }, 180_000);
  afterAll(async () => {
    await stopServer();
  });

  describe('a visitor', () => {
    const s = useBrowser({ viewport: { width: 390, height: 844 } });

    it('[CHAT-1] [CHAT-2] [CHAT-3] [CHAT-4] [CHAT-5] [CHAT-7] chats as a guest on /contact: text, a quick reply, a picture; the operator answers live; the history stays', async () => {
      const { page } = s;
      await page.goto(`${base}/contact`);
      await page.evaluate(() => localStorage.setItem('locale', 'en'));
      await page.reload();
      // CHAT-1: the contact details stay beside the widget.
      await expect.poll(() => page.getByText(/Version 1\.1\.14/).count()).toBe(1);
      const panel = await chatAsCustomer(page, 'Hello, can I open an account from Laos?');

      // CHAT-7: the guest id the browser keeps names the conversation the operator sees.
      const guest = await page.evaluate(() => JSON.parse(localStorage.getItem('guest_chat_id') ?? '{}'));
      expect(guest.guestId).toMatch(/^[0-9a-f-]{36}$/);
      const conversation = await conversationOf({ guestId: guest.guestId });
      await operatorSays(conversation.id, 'Yes! Register with a Lao phone number and a BCEL account.');
      await expect
        .poll(() => panel.getByText('Yes! Register with a Lao phone number and a BCEL account.').count(), {
          timeout: 10_000,
        })
        .toBe(1);
      await screenshot(page, 'chat-visitor');
      shots.push(join(SHOTS, 'chat-visitor.png'));

      await expectHistoryAfterReload(page, [
        'Hello, can I open an account from Laos?',
        'Yes! Register with a Lao phone number and a BCEL account.',
      ]);
    });
  });

  describe('a member', () => {
    const s = useBrowser({ viewport: { width: 390, height: 844 } });

    it('[CHAT-1] [CHAT-3] [CHAT-4] [CHAT-5] [CHAT-6] [CHAT-7] chats on /user/contact; the operator answers live; the unread badge; the history stays', async () => {
      const { page } = s;
      const suffix = String(Date.now()).slice(-7);
      const m: TestMember = {
        phone: `087${suffix}`,
        password: 'chat with us 1',
        name: 'Malee Sukjai',
        bankCode: 'KBANK',
        bankAccountName: 'MALEE SUKJAI',
        bankAccountNo: `66${suffix}4`,
      };
      await registerMember(m, base);
      // HOME-2's dialog would cover the home: the member has accepted the agreements, as a returning one has.
      await acceptAgreementsFor(m, base);
      const { token } = (await postTo(base, '/api/login', { username: m.phone, password: m.password })) as {
        token: string;
      };
      const profile = (await (
        await fetch(`${base}/api/account/profile`, {
          headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'wallet-user' },
        })
      ).json()) as { _id: string };

      await page.goto(`${base}/login`);
      await page.evaluate(() => localStorage.setItem('locale', 'en'));
      await page.reload();
      await page.getByLabel(/^Phone number/).fill(m.phone);
      await page.getByLabel(/^Password/).fill(m.password);
      await page.getByRole('button', { name: en.login.submit }).click();
      await page.waitForURL(/\/user\/home$/);
      await page
        .getByRole('navigation', { name: en.nav.memberMenu })
        .getByRole('link', { name: en.nav.contact })
        .click();
      await page.waitForURL(/\/user\/contact$/);

      const panel = await chatAsCustomer(page, 'My deposit of 500 baht has not arrived yet.');
      const conversation = await conversationOf({ userId: profile._id });
      await operatorSays(conversation.id, 'Thank you, Malee. It is credited now: please check your wallet.');
      await expect
        .poll(
          () => panel.getByText('Thank you, Malee. It is credited now: please check your wallet.').count(),
          {
            timeout: 10_000,
          },
        )
        .toBe(1);
      // Read 1 s after it shows (CHAT-6): the contact tab's count goes.
      const tabBadge = page.getByRole('navigation', { name: en.nav.memberMenu }).getByLabel(/unread/);
      await expect.poll(() => tabBadge.count(), { timeout: 10_000 }).toBe(0);
      await screenshot(page, 'chat-member');
      shots.push(join(SHOTS, 'chat-member.png'));

      // CHAT-6: closed, a new answer is counted on the button, and on the contact tab elsewhere.
      await page.getByRole('button', { name: en.chat.close, expanded: true }).click();
      await operatorSays(conversation.id, 'Anything else I can help with?');
      const badge = page.getByRole('button', { name: en.chat.open }).getByLabel('1 unread');
      await expect.poll(() => badge.count(), { timeout: 10_000 }).toBe(1);
      await page
        .getByRole('navigation', { name: en.nav.memberMenu })
        .getByRole('link', { name: en.nav.home })
        .click();
      const tab = page.getByRole('navigation', { name: en.nav.memberMenu }).getByLabel('1 unread');
      await expect.poll(() => tab.count(), { timeout: 10_000 }).toBe(1);
      await page
        .getByRole('navigation', { name: en.nav.memberMenu })
        .getByRole('link', { name: /Contact/ })
        .click();
      const reopened = await openChat(page);
      await expect.poll(() => reopened.getByText('Anything else I can help with?').count()).toBe(1);
      // Read 1 s after it shows: the badge on the tab goes.
      await expect.poll(() => tab.count(), { timeout: 10_000 }).toBe(0);

      await expectHistoryAfterReload(page, [
        'My deposit of 500 baht has not arrived yet.',
        'Thank you, Malee. It is credited now: please check your wallet.',
        'Anything else I can help with?',
      ]);
    });
  });

  afterAll(async () => {
    // docs/screenshot-chat.png: the two phone pictures side by side on the page background.
    if (shots.length < 2) return;
    const { openBrowser } = await import('./browser.ts');
    const b = await openBrowser({ viewport: { width: 844, height: 892 } });
    const img = (file: string) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;
    await b.page.setContent(
      `<body style="margin:0;background:#eef4f2;display:flex;gap:24px;padding:24px;box-sizing:border-box">${shots
        .map(
          (file) =>
            `<img src="${img(file)}" width="390" height="844" style="border-radius:18px;box-shadow:0 10px 30px rgba(11,59,52,.18)">`,
        )
        .join('')}</body>`,
    );
    await b.page.screenshot({ path: `${DOCS}screenshot-chat.png` });
    await b.close();
  });
});
