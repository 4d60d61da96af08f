// Business constants and limits, written once. Units are in the names.

export const LOCALES = ['th', 'la', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE_TH: Locale = 'th';
export const DEFAULT_LOCALE_LA: Locale = 'la';

export const REGIONS = ['th', 'la'] as const;
export type Region = (typeof REGIONS)[number];

/** SH-3: baht everywhere; a Laos build offers LAK (default) or BAHT at registration. */
export const CURRENCIES = ['BAHT', 'LAK'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CLIENT_VERSION = '1.1.14';

export const REQUEST_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 300_000;
export const LOADER_DELAY_MS = 200;
export const REGISTER_REDIRECT_DELAY_MS = 2_000;
export const NAME_EDIT_COPY_DELAY_MS = 1_000;
export const AGREEMENT_MODAL_DELAY_MS = 1_500;

export const PHONE_DIGITS = 10;
/** The longest phone any build takes (a Laos build has no 10-digit rule). */
export const PHONE_MAX_DIGITS = 15;
export const PASSWORD_MIN_LENGTH = 8;
/** OWASP ASVS 6.2.9: allow at least 64 characters. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const BANK_ACCOUNT_NO_MIN_DIGITS = 6;
export const BANK_ACCOUNT_NO_MAX_DIGITS = 20;
export const INVITE_CODE_MAX_LENGTH = 32;

/** REG-6: these banks need the account holder name in English letters. */
export const ENGLISH_NAME_BANKS = ['KTB', 'TMB', 'BBL'] as const;
export const ENGLISH_NAME_PATTERN = /^[A-Z ]+$/;

/** The OTP rules (REG-9; OWASP ASVS 2.7, 6.5). */
export const OTP_DIGITS = 6;
export const OTP_TTL_S = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_INTERVAL_S = 60;
/** A verified OTP lets its phone register within this window. */
export const OTP_VERIFIED_TTL_S = 1_800;

/**
 * LOG-3 (and PRO-2 for wrong old passwords): password checks before REQUEST_LIMIT. Each attempt is
 * counted before its password is checked and a success gives its own back, so these bound the wrong
 * passwords checked per window however many requests run at once. Per account and address it is low;
 * per address it covers a shared connection; per account across addresses it is higher, so a stranger
 * on one address cannot lock a member out, yet a botnet stays under ASVS 2.2.1 (fewer than 100 failures
 * an hour on one account: any hour overlaps at most two fixed windows of 45).
 */
export const LOGIN_FAILURES_PER_ACCOUNT_ADDRESS = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 30;
export const LOGIN_FAILURE_WINDOW_S = 900;
export const LOGIN_FAILURES_PER_ACCOUNT = 45;
export const LOGIN_ACCOUNT_WINDOW_S = 3_600;

/**
 * Money: minimum transfer (TRF-1), True Wallet minimum (DEP-10). True Wallet is Thai: baht members only.
 * Every amount is in the member's currency; both currencies have a minor unit of 1/100 (satang, att, as
 * ISO 4217 gives LAK two decimals), so one integer column and one factor of 100 serve both.
 */
export const TRANSFER_MIN_BAHT = 1;
export const TRUEWALLET_MIN_BAHT = 2;

export const QR_PROVIDERS = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY', 'ONEPAY'] as const;
export type QrProvider = (typeof QR_PROVIDERS)[number];
export const isQrProvider = (code: string): code is QrProvider =>
  (QR_PROVIDERS as readonly string[]).includes(code);

/**
 * The currency each QR gateway collects: the Thai gateways issue Thai QR Payments in baht; ONEPAY (a
 * BCEL OnePay-style gateway) issues LAPNet QRs in kip. A member is offered only the gateways of the
 * wallet's currency.
 */
export const QR_PROVIDER_CURRENCY: Record<QrProvider, Currency> = {
  KBANK: 'BAHT',
  WW: 'BAHT',
  PAYTIMZ: 'BAHT',
  PAYONEX: 'BAHT',
  ZPAY: 'BAHT',
  ONEPAY: 'LAK',
};

/** DEP-8 / DEP-9: QR minimums and quick picks, in the provider's currency (baht; kip for ONEPAY). */
export const QR_MIN: Record<QrProvider, number> = {
  KBANK: 1,
  WW: 100,
  PAYTIMZ: 10,
  PAYONEX: 100,
  ZPAY: 10,
  ONEPAY: 50_000,
};
export const QR_QUICK_PICKS: Record<QrProvider, readonly number[]> = {
  KBANK: [10, 20, 50, 100, 500, 1000],
  WW: [100, 200, 300, 500, 1000],
  PAYTIMZ: [10, 50, 100, 500, 1000],
  PAYONEX: [100, 200, 300, 500, 1000],
  ZPAY: [10, 50, 100, 500, 1000],
  ONEPAY: [50_000, 100_000, 200_000, 500_000, 1_000_000],
};

/**
 * WD-1: the withdrawal limits of a site that has not set its own (withdraw.limits, per currency), in
 * minor units. Kip amounts are large: 50,000 kip is about 80 baht.
 */
export const DEFAULT_WITHDRAW_LIMITS_MINOR: Record<Currency, { minMinor: number; maxMinor: number }> = {
  BAHT: { minMinor: 100_00, maxMinor: 50_000_00 },
  LAK: { minMinor: 50_000_00, maxMinor: 50_000_000_00 },
};

/** How long a QR stays payable unless the gateway says otherwise. */
export const QR_TTL_S = 600;
/** SLIP-2: a slip must be uploaded within this time of its transfer. */
export const SLIP_MAX_AGE_S = 3_600;

export const GAME_PROVIDERS = [
  'JOKER',
  'SEXYGAME',
  'BETFLIX',
  'ASKMEBET',
  'UFABET',
  'SUPERSLOT',
  'PG',
  'SLOTXO',
  'IMI',
  'USUN',
  'AREASLOT',
  'CIRCUS',
  'SLOTRACHA',
  'PGSLOT',
  'JOKER2',
  'HUAYHD',
] as const;
export type GameProvider = (typeof GAME_PROVIDERS)[number];
export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;

/** Page sizes (ST-1, SLIP-3, INV-1, REF-1, SPIN-1, CHAT-2). */
export const PAGE_SIZE = {
  statement: 10,
  slips: 10,
  invite: 10,
  refund: 10,
  coupons: 3,
  chatHistory: 10,
} as const;
export const STATEMENT_PAGES_BEFORE = 3;
export const STATEMENT_PAGES_AFTER = 1;

export const CHAT_TEXT_MAX_LENGTH = 2_000;
export const CHAT_IMAGE_MAX_MB = 10;
export const CHAT_VIDEO_MAX_MB = 20;

export const DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss';

/** SH-18: every call carries this header. */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
export const REQUESTED_WITH_VALUE = 'wallet-user';
