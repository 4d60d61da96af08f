// What each alert says in the operator's group, in Thai or English (ALERTS_LANGUAGE): amounts in major
// units with two decimals, times in Bangkok time, a bank account by its last four digits only.
import { toBaht } from '@krapao/contract';

export const ALERT_KINDS = [
  'withdrawal_large',
  'transfer_stuck',
  'bank_line_unmatched',
  'ledger_check',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export type AlertLanguage = 'th' | 'en';
type Details = Record<string, unknown>;

const CURRENCY: Record<AlertLanguage, Record<string, string>> = {
  th: { BAHT: 'บาท', LAK: 'กีบ' },
  en: { BAHT: 'THB', LAK: 'LAK' },
};

function money(d: Details, lang: AlertLanguage): string {
  const n = toBaht(BigInt(String(d.amountMinor ?? 0)));
  const figure = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n);
  const currency = String(d.currency ?? '');
  return `${figure} ${CURRENCY[lang][currency] ?? currency}`.trim();
}

function bangkok(value: unknown): string {
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(d)
    .replace(',', '');
}

const lastDigits = (v: unknown) => `x${String(v ?? '').slice(-4)}`;
const s = (v: unknown) => String(v ?? '');

const TEXTS: Record<AlertLanguage, Record<AlertKind, (d: Details) => string>> = {
  th: {
    withdrawal_large: (d) =>
      `⚠️ ถอนเงินยอดสูง ${money(d, 'th')}\nรายการ ${s(d.withdrawalId)} สมาชิก ${s(d.phone)}\nเวลา ${bangkok(d.at)} (สถานะ ${s(d.status)})`,
    transfer_stuck: (d) =>
      `⚠️ โอนเงินเกมค้างเกิน ${s(d.minutes)} นาที: ${s(d.provider)} ${money(d, 'th')}\nรายการ ${s(d.reference)} สมาชิก ${s(d.phone)}\nเริ่มเมื่อ ${bangkok(d.at)}`,
    bank_line_unmatched: (d) =>
      `⚠️ ยอดโอนเข้าธนาคารไม่พบสมาชิกเกิน ${s(d.minutes)} นาที: ${money(d, 'th')}\nจาก ${s(d.fromBankCode)} ${lastDigits(d.fromAccountNo)} อ้างอิง ${s(d.reference)}\nเข้าเมื่อ ${bangkok(d.at)}`,
    ledger_check: (d) =>
      `🚨 ตรวจบัญชีแยกประเภทไม่ผ่าน: ยอดไม่ตรง ${s(d.mismatched)} บัญชี, รายการไม่สมดุล ${s(d.unbalanced)}, สกุลเงินปน ${s(d.mixed)}, ยอดติดลบ ${s(d.negative)}, ยอดรวมไม่เป็นศูนย์ ${s(d.notZero) || '-'}\nเวลา ${bangkok(d.at)} ตรวจด้วย npm run ledger:check`,
  },
  en: {
    withdrawal_large: (d) =>
      `⚠️ Large withdrawal ${money(d, 'en')}\n${s(d.withdrawalId)} by member ${s(d.phone)}\nat ${bangkok(d.at)} (status ${s(d.status)})`,
    transfer_stuck: (d) =>
      `⚠️ Game transfer stuck over ${s(d.minutes)} minutes: ${s(d.provider)} ${money(d, 'en')}\n${s(d.reference)} of member ${s(d.phone)}\nstarted ${bangkok(d.at)}`,
    bank_line_unmatched: (d) =>
      `⚠️ Bank line unmatched over ${s(d.minutes)} minutes: ${money(d, 'en')}\nfrom ${s(d.fromBankCode)} ${lastDigits(d.fromAccountNo)}, reference ${s(d.reference)}\nreceived ${bangkok(d.at)}`,
    ledger_check: (d) =>
      `🚨 Ledger check failed: ${s(d.mismatched)} mismatched accounts, ${s(d.unbalanced)} unbalanced entries, ${s(d.mixed)} mixed currencies, ${s(d.negative)} negative accounts, totals not zero: ${s(d.notZero) || '-'}\nat ${bangkok(d.at)}; see npm run ledger:check`,
  },
};

export const alertText = (kind: AlertKind, details: Details, lang: AlertLanguage) =>
  TEXTS[lang][kind](details);
