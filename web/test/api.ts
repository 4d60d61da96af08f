import {
  accounts,
  lookups,
  NO_PROTECTION_LIMITS,
  otp,
  protection,
  statement,
  wallet,
  type Profile,
  type Protection,
  type Wallet,
} from '@krapao/contract';
import { vi } from 'vitest';

// A stubbed network: each handler answers one "METHOD /path"; answers are built with the contract's
// schemas so a drift between the test and the contract fails here, not silently.

export interface Call {
  method: string;
  path: string;
  /** The address's query (?q=...). */
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}
export type Handler = (call: Call) => Response | Promise<Response>;

/** A member session as the app stores it: "remember me" keeps it in localStorage, else sessionStorage. */
export function logIn(where: 'local' | 'session' = 'local') {
  (where === 'local' ? localStorage : sessionStorage).setItem('token', 'tok_member');
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
export const fail = (message: string, status = 400) => json({ message }, status);
/** LOG-3: the server's REQUEST_LIMIT, with Retry-After (the seconds until a slot frees) where given. */
export const requestLimit = (retryAfterS?: number) =>
  new Response(JSON.stringify({ message: 'REQUEST_LIMIT' }), {
    status: 429,
    headers: {
      'Content-Type': 'application/json',
      ...(retryAfterS === undefined ? {} : { 'Retry-After': String(retryAfterS) }),
    },
  });

export const profileFixture: Profile = accounts.getProfile.response.parse({
  _id: 'u_8f3a21',
  name: 'Somchai Jaidee',
  username: '0812345678',
  coin: 0,
  bankCode: 'KBANK',
  bankAccountName: 'SOMCHAI JAIDEE',
  bankAccountNo: '1234567890',
  bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
  currency: 'BAHT',
  createdAt: '2024-03-05T14:07:09.000Z',
});

export const banksFixture = lookups.banks.response.parse([
  { code: 'KBANK', clearingCode: '004', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', country: 'TH' },
  { code: 'KTB', clearingCode: '006', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', country: 'TH' },
  {
    code: 'SCB',
    clearingCode: '014',
    nameTH: 'ธนาคารไทยพาณิชย์',
    nameEN: 'Siam Commercial Bank',
    country: 'TH',
  },
]);

export const sourcesFixture = lookups.sources.response.parse([
  { code: 'FB', description: { th: 'เฟซบุ๊ก', la: 'ເຟສບຸກ', en: 'Facebook' } },
  { code: 'FRIEND', description: { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend' } },
]);

export const otpTicket = (overrides: Partial<{ code: string; resendAfterS: number }> = {}) =>
  otp.sendOtp.response.parse({
    otpRef: 'KXQ7',
    otpToken: 'tok_123',
    code: '482913',
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    resendAfterS: 60,
    ...overrides,
  });

/** BAL-1: a wallet with nothing in it, never synced; tests override what they need. */
export const walletFixture = (overrides: Partial<Wallet> = {}): Wallet =>
  wallet.getWallet.response.parse({
    profile: profileFixture,
    bankAccount: {
      bankCode: profileFixture.bankCode,
      bankAccountName: profileFixture.bankAccountName,
      bankAccountNo: profileFixture.bankAccountNo,
      bank: profileFixture.bank,
    },
    wallet: { amount: 0, currency: 'BAHT' },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [],
    total: 0,
    lastSyncAt: null,
    ...overrides,
  });

/** HOME-2: the operator's agreements (HTML in three languages) and their version. */
export const contactFixture = lookups.contact.response.parse({
  text: { th: 'ติดต่อเราได้ 24 ชม.', la: 'ຕິດຕໍ່ພວກເຮົາໄດ້ 24 ຊົ່ວໂມງ', en: 'We answer 24/7.' },
  lineId: '@krapao',
  lineUrl: 'https://line.example/krapao',
  phone: '020000000',
  qrImageUrl: '/contact-qr.png',
});

export const agreementsFixture = lookups.agreements.response.parse({
  version: '0123456789abcdef',
  agreements: [
    {
      id: 'age',
      title: { th: 'อายุ 18 ปีขึ้นไป', la: 'ອາຍຸ 18 ປີຂຶ້ນໄປ', en: 'Aged 18 or over' },
      content: {
        th: '<p>ข้าพเจ้ามีอายุ 18 ปีขึ้นไป</p>',
        la: '<p>ຂ້າພະເຈົ້າມີອາຍຸ 18 ປີຂຶ້ນໄປ</p>',
        en: '<p>I am at least <strong>18</strong> years old.</p>',
      },
    },
    {
      id: 'one-account',
      title: { th: 'หนึ่งคนหนึ่งบัญชี', la: 'ໜຶ່ງຄົນໜຶ່ງບັນຊີ', en: 'One account per person' },
      content: {
        th: '<p>หนึ่งคนหนึ่งบัญชี</p>',
        la: '<p>ໜຶ່ງຄົນໜຶ່ງບັນຊີ</p>',
        en: '<ul><li>One account each.</li></ul>',
      },
    },
  ],
});

/** GET /api/protection: no limits, no block, the reality check off, unless overridden. */
export const protectionFixture = (overrides: Partial<Protection> = {}): Protection =>
  protection.get.response.parse({
    currency: 'BAHT',
    limits: NO_PROTECTION_LIMITS,
    pending: null,
    used: { depositDay: 0, depositWeek: 0, depositMonth: 0, lossDay: 0, lossWeek: 0, lossMonth: 0 },
    depositLeft: null,
    realityCheckMinutes: 0,
    block: null,
    session: { signedInAt: '2026-11-21T10:00:00.000Z', elapsedS: 0, net: 0 },
    reviewDue: false,
    ...overrides,
  });

export const defaultHandlers: Record<string, Handler> = {
  'GET /api/lookup/active': () => json(lookups.active.response.parse({ active: true })),
  'GET /api/lookup/registerOTP': () => json(lookups.registerOTP.response.parse({ enabled: true })),
  'GET /api/lookup/banks': () => json(banksFixture),
  'GET /api/lookup/sources': () => json(sourcesFixture),
  'GET /api/lookup/conditions': () =>
    json(
      lookups.conditions.response.parse({
        content: {
          th: '<p>เงื่อนไขการใช้งาน</p>',
          la: '<p>ເງື່ອນໄຂ</p>',
          en: '<p>Play fair. One account each.</p>',
        },
      }),
    ),
  'GET /api/lookup/contact': () => json(contactFixture),
  // HOME-2: by default the member has accepted the agreements, so other tests' homes show no modal.
  'GET /api/lookup/agreements': () => json(agreementsFixture),
  'GET /api/agreements/status': () =>
    json({ version: agreementsFixture.version, accepted: true, acceptedAt: '2026-01-01T00:00:00.000Z' }),
  'GET /api/account/profile': () => json(profileFixture),
  'GET /api/wallet': () => json(walletFixture()),
  'GET /api/lookup/withdraw': () =>
    json(lookups.withdraw.response.parse({ withdrawMin: 100, withdrawMax: 50_000 })),
  'GET /api/lookup/deposit': () =>
    json(lookups.deposit.response.parse({ banks: [], wallets: [], isManual: false })),
  'POST /api/statement': () => json(statement.getStatement.response.parse({ total: 0, statements: [] })),
  'POST /api/logout': () => json(accounts.logout.response.parse({ ok: true })),
  // Player protection: the member shell asks for the reality check's interval (off here).
  'GET /api/protection': () => json(protectionFixture()),
};

/** Installs a fetch stub; unknown routes answer 404 NOT_FOUND. Returns the calls it saw. */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const all = { ...defaultHandlers, ...handlers };
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { method, path: url.pathname, query: url.searchParams, body, headers };
    calls.push(call);
    const handler = all[`${method} ${url.pathname}`];
    return handler ? handler(call) : fail('NOT_FOUND', 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    fetch: fetchStub,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
