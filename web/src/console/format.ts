import type { Locale } from '@krapao/contract';
import { LOCALE_TAGS } from '../lib/intl-tags';

/** The operator works in Bangkok time, wherever the browser is (Laos shares the offset, UTC+7). */
export const CONSOLE_TIME_ZONE = 'Asia/Bangkok';

let dateTime: Intl.DateTimeFormat | undefined;

/**
 * "26/11/2026 23:05:09" in Bangkok time, the app's one date format (DATE_FORMAT), Gregorian years and
 * Latin digits whatever the language, as the member app writes dates.
 */
export function formatBangkok(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const f = (dateTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: CONSOLE_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));
  const parts = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * A Bangkok wall-clock time typed in a datetime-local field ("2026-11-26T09:30") as an ISO instant;
 * undefined when empty or not a time.
 */
export function bangkokInputToIso(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const at = new Date(`${value}:00+07:00`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** An amount as the API speaks it (major units, two decimals) with its ISO currency code: "1,234.50 THB". */
export function formatAmount(amount: number, currency: string, locale: Locale): string {
  const n = new Intl.NumberFormat(`${LOCALE_TAGS[locale] ?? 'en-GB'}-u-nu-latn`, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${n} ${isoCode(currency)}`;
}

/** The ISO 4217 code staff read beside an amount, as the dashboard writes it (the contract says BAHT). */
export const isoCode = (currency: string): string => (currency === 'BAHT' ? 'THB' : currency);
