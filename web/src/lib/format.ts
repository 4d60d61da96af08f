import {
  AMOUNT_MAX_BAHT,
  DATE_FORMAT,
  formatBankAccountNo,
  type Currency,
  type Locale,
} from '@krapao/contract';
import { serverNow } from './clock';
import { LOCALE_TAGS } from './intl-tags';

// SH-16: the one place that turns minor units and timestamps into text.

const CURRENCY_ISO: Record<Currency, string> = { BAHT: 'THB', LAK: 'LAK' };
const MINOR_PER_MAJOR = 100;

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, currency: Currency | null, fractionDigits = 2): Intl.NumberFormat {
  const key = `${locale}:${currency ?? ''}:${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE_TAGS[locale] ?? 'th-TH', {
      ...(currency
        ? { style: 'currency', currency: CURRENCY_ISO[currency], currencyDisplay: 'narrowSymbol' }
        : {}),
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/** Minor units (satang) in, "฿1,234.50" out. Nothing else divides by 100. */
export function formatMoney(
  minor: number | bigint,
  locale: Locale,
  currency: Currency | null = 'BAHT',
): string {
  const n = typeof minor === 'bigint' ? Number(minor) / MINOR_PER_MAJOR : minor / MINOR_PER_MAJOR;
  return numberFormat(locale, currency).format(n);
}

/** A quick-pick amount: "฿1,000" when whole, else with its two decimals (DEP-9). */
export function formatMoneyShort(minor: number, locale: Locale, currency: Currency = 'BAHT'): string {
  const whole = minor % MINOR_PER_MAJOR === 0;
  return numberFormat(locale, currency, whole ? 0 : 2).format(minor / MINOR_PER_MAJOR);
}

/** Baht as the API speaks it (two decimals) to minor units, without float drift. */
export function bahtToMinor(baht: number): number {
  return Math.round(baht * MINOR_PER_MAJOR);
}

/** Minor units to baht for a request body (the API speaks baht with two decimals). */
export function minorToBaht(minor: number): number {
  return Math.round(minor) / MINOR_PER_MAJOR;
}

/**
 * Minor units as a member would type them, for a field to show: "1,234.50", and "300,000" when whole (a
 * third of a phone's row clipped "300000.00"). No currency. Grouped with commas, which parseMoneyInput
 * reads, in Thai and English; not grouped in Lao, whose money text groups with dots and writes a comma
 * before the decimals: a member there reads a comma either way, and digits alone only one.
 */
export function formatMoneyInput(minor: number, locale: Locale): string {
  const rounded = Math.round(minor);
  const whole = String(Math.trunc(Math.abs(rounded) / MINOR_PER_MAJOR));
  const frac = Math.abs(rounded) % MINOR_PER_MAJOR;
  const grouped = locale === 'la' ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${frac ? `.${String(frac).padStart(2, '0')}` : ''}`;
}

/** The most any amount the API takes may be (AMOUNT_MAX_BAHT), in minor units. */
export const MONEY_INPUT_MAX_MINOR = AMOUNT_MAX_BAHT * MINOR_PER_MAJOR;

/** An amount typed that the API would refuse as too large: the form says so, not a generic error. */
export const isTooLarge = (minor: number | null): minor is number =>
  minor !== null && minor > MONEY_INPUT_MAX_MINOR;

/**
 * An amount typed by a member, to minor units; null when it is not one. In Thai and English "1,234.5":
 * commas group, a dot starts the decimals. On Lao screens, whose money text writes "1.234,50", either
 * way is read: the last dot or comma followed by one or two digits starts the decimals, and every other
 * one must group three digits: "100.000" and "100,000" are a hundred thousand, "100,50" a hundred and a
 * half. What fits neither (a decimal part of three digits, "1.000.5", "1,00,000") is null: refused, not
 * guessed.
 */
export function parseMoneyInput(text: string, locale: Locale): number | null {
  const clean = text.replace(/\s/g, '');
  if (locale === 'la') {
    const m = /^(\d+|\d{1,3}(?:([.,])\d{3})+)(?:([.,])(\d{1,2}))?$/.exec(clean);
    // One character for the groups and the other for the decimals ("1.000.50" is neither).
    if (!m || (m[2] !== undefined && m[2] === m[3])) return null;
    const whole = m[1]!.replace(/[.,]/g, '');
    return Number(whole) * MINOR_PER_MAJOR + Number((m[4] ?? '').padEnd(2, '0'));
  }
  const western = clean.replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(western)) return null;
  const [whole = '0', frac = ''] = western.split('.');
  return Number(whole) * MINOR_PER_MAJOR + Number(frac.padEnd(2, '0'));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Thai readers count years in the Buddhist era (2569 for 2026), as Thai bank apps show them. */
const BUDDHIST_ERA_OFFSET = 543;

/**
 * The year as the page's language counts it: Buddhist in Thai (the page's lang, set with the language:
 * i18n/index.ts applyDocumentLanguage), Gregorian in Lao and English.
 */
function displayYear(d: Date): number {
  const thai = typeof document !== 'undefined' && document.documentElement.lang === 'th';
  return d.getFullYear() + (thai ? BUDDHIST_ERA_OFFSET : 0);
}

/** DD/MM/YYYY HH:mm:ss in the device's time zone; the year in the language's era (displayYear). */
export function formatDateTime(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return DATE_FORMAT.replace('DD', pad(d.getDate()))
    .replace('MM', pad(d.getMonth() + 1))
    .replace('YYYY', String(displayYear(d)))
    .replace('HH', pad(d.getHours()))
    .replace('mm', pad(d.getMinutes()))
    .replace('ss', pad(d.getSeconds()));
}

/** HH:mm in the device's time zone (a time later today, such as when a deposit notice stops waiting). */
export function formatTime(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A Thai mobile number as people write it: 089-123-4567; other lengths as they are. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  // Grouped 3-3-4 like a bank account number.
  return digits.length === 10 ? formatBankAccountNo(digits) : phone;
}

/** DEP-7: the time left as mm:ss (minutes may pass 59); a started second counts as whole. */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** ST-3: the units of "time ago", largest first, in seconds (a year is 365 days, a month 30). */
const TIME_AGO_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

type RelativeFormat = Pick<Intl.RelativeTimeFormat, 'format'>;
const relativeFormats = new Map<Locale, RelativeFormat>();

/** Lao words of "time ago" as ICU has them: the unit after a number, and the days that have a name. */
const LAO_AGO: Partial<
  Record<Intl.RelativeTimeFormatUnit, { unit: string; named?: Record<number, string> }>
> = {
  year: { unit: 'ປີ', named: { 1: 'ປີກາຍ' } },
  month: { unit: 'ເດືອນ', named: { 1: 'ເດືອນແລ້ວ' } },
  day: { unit: 'ມື້', named: { 1: 'ມື້ວານ', 2: 'ມື້ກ່ອນ' } },
  hour: { unit: 'ຊົ່ວໂມງ' },
  minute: { unit: 'ນາທີ' },
  second: { unit: 'ວິນາທີ' },
};

/**
 * "Time ago" in Lao for a browser whose ICU data has no Lao (it would answer in English): the same
 * words as ICU's Lao, past only, as the statement needs.
 */
export const laoTimeAgo: RelativeFormat = {
  format(value, unit) {
    const n = Math.abs(Number(value));
    if (n === 0) return 'ຕອນນີ້';
    const words = LAO_AGO[unit as Intl.RelativeTimeFormatUnit] ?? { unit: String(unit) };
    return words.named?.[n] ?? `${n} ${words.unit}ກ່ອນ`;
  },
};

const LAO_SCRIPT = /[\u0E80-\u0EFF]/;

function relativeFormat(locale: Locale): RelativeFormat {
  const rtf = new Intl.RelativeTimeFormat(LOCALE_TAGS[locale] ?? 'th-TH', { numeric: 'auto' });
  // Judge by the answer, not the resolved name: a Chromium started in lo-LA resolves "lo-LA" yet, with
  // no Lao data, formats in ICU's root words ("-5 min").
  return locale === 'la' && !LAO_SCRIPT.test(rtf.format(-5, 'minute')) ? laoTimeAgo : rtf;
}

/** ST-3: "3 hours ago" in the member's language; under a minute is "now". */
export function formatTimeAgo(
  value: string | number | Date,
  locale: Locale,
  now: number = serverNow(),
): string {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return '';
  let rtf = relativeFormats.get(locale);
  if (!rtf) {
    rtf = relativeFormat(locale);
    relativeFormats.set(locale, rtf);
  }
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  for (const [unit, size] of TIME_AGO_UNITS) {
    if (seconds >= size) return rtf.format(-Math.floor(seconds / size), unit);
  }
  return rtf.format(0, 'second');
}
