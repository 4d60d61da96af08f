// ST-6: the statement as a CSV file a member opens in Excel or a phone's sheet app, in their language.
import type { Locale, StatementEntry } from '@krapao/contract';

type Texts = {
  columns: readonly [string, string, string, string, string, string, string];
  type: Record<StatementEntry['statementType'], string>;
  status: Record<'SUCCESS' | 'FAILED' | 'PENDING' | 'EXPIRED' | 'RETURNED' | 'REJECTED', string>;
  channel: Record<string, string>;
  wallet: string;
  bank: string;
};

/** The file's words; the web's own texts (web/src/i18n) are not the server's to read. */
const TEXTS: Record<Locale, Texts> = {
  th: {
    columns: ['วันที่และเวลา', 'เลขอ้างอิง', 'รายการ', 'รายละเอียด', 'สถานะ', 'จำนวนเงิน', 'สกุลเงิน'],
    type: {
      deposit: 'ฝากเงิน',
      withdraw: 'ถอนเงิน',
      bonus: 'ได้รับโบนัส',
      finish_bonus: 'โบนัสสำเร็จ',
      transfer: 'โอนเงิน',
    },
    status: {
      SUCCESS: 'สำเร็จ',
      FAILED: 'ไม่สำเร็จ',
      PENDING: 'กำลังดำเนินการ',
      EXPIRED: 'หมดเวลา',
      RETURNED: 'คืนเข้ากระเป๋า',
      REJECTED: 'ไม่อนุมัติ',
    },
    channel: {
      BANK: 'โอนผ่านธนาคาร',
      QR: 'คิวอาร์โค้ด',
      TRUEWALLET: 'ทรูมันนี่ วอลเล็ท',
      SLIP: 'สลิป',
      NOTICE: 'แจ้งฝากเงิน',
      ADJUSTMENT: 'ปรับยอดโดยเจ้าหน้าที่',
    },
    wallet: 'กระเป๋าหลัก',
    bank: 'บัญชีธนาคาร',
  },
  la: {
    columns: ['ວັນທີ ແລະ ເວລາ', 'ເລກອ້າງອີງ', 'ລາຍການ', 'ລາຍລະອຽດ', 'ສະຖານະ', 'ຈຳນວນເງິນ', 'ສະກຸນເງິນ'],
    type: {
      deposit: 'ຝາກເງິນ',
      withdraw: 'ຖອນເງິນ',
      bonus: 'ໄດ້ຮັບໂບນັດ',
      finish_bonus: 'ໂບນັດສຳເລັດ',
      transfer: 'ໂອນເງິນ',
    },
    status: {
      SUCCESS: 'ສຳເລັດ',
      FAILED: 'ບໍ່ສຳເລັດ',
      PENDING: 'ກຳລັງດຳເນີນການ',
      EXPIRED: 'ໝົດເວລາ',
      RETURNED: 'ຄືນເຂົ້າກະເປົາ',
      REJECTED: 'ບໍ່ອະນຸມັດ',
    },
    channel: {
      BANK: 'ໂອນຜ່ານທະນາຄານ',
      QR: 'ຄິວອາໂຄດ',
      TRUEWALLET: 'ທຣູມັນນີ່ ວໍເລັດ',
      SLIP: 'ສະລິບ',
      NOTICE: 'ແຈ້ງຝາກເງິນ',
      ADJUSTMENT: 'ປັບຍອດໂດຍພະນັກງານ',
    },
    wallet: 'ກະເປົາຫຼັກ',
    bank: 'ບັນຊີທະນາຄານ',
  },
  en: {
    columns: ['Date and time', 'Reference', 'Type', 'Details', 'Status', 'Amount', 'Currency'],
    type: {
      deposit: 'Deposit',
      withdraw: 'Withdrawal',
      bonus: 'Bonus received',
      finish_bonus: 'Bonus completed',
      transfer: 'Transfer',
    },
    status: {
      SUCCESS: 'Successful',
      FAILED: 'Failed',
      PENDING: 'In progress',
      EXPIRED: 'Expired',
      RETURNED: 'Returned to wallet',
      REJECTED: 'Declined',
    },
    channel: {
      BANK: 'Bank transfer',
      QR: 'QR code',
      TRUEWALLET: 'True Wallet',
      SLIP: 'Slip',
      NOTICE: 'Deposit notice',
      ADJUSTMENT: 'Balance correction by our staff',
    },
    wallet: 'Main wallet',
    bank: 'Bank account',
  },
};

/** ISO 4217 for the members' two currencies. */
const CURRENCY_CODES: Record<string, string> = { BAHT: 'THB', LAK: 'LAK' };

/** UTF-8's byte order mark: without it Excel reads the file as the system's code page and Thai breaks. */
const BOM = '\uFEFF';

/**
 * One cell. A cell a spreadsheet would read as a formula (=, +, -, @, and tab or carriage return, which
 * some read the same way) starts with an apostrophe instead (OWASP "CSV Injection"); every cell is quoted.
 */
export function csvCell(value: string): string {
  // A number alone is no formula: a withdrawal's -250.50 stays a number the sheet can add up.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** 2026-11-26 14:05:09 in the operator's calendar, whatever the server's own zone. */
function localTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

function details(entry: StatementEntry, texts: Texts, locale: Locale): string {
  const account = (code: string | null, name: string | null) =>
    code === 'WALLET' ? texts.wallet : (name ?? code ?? '');
  switch (entry.statementType) {
    case 'deposit':
      return texts.channel[entry.channel] ?? entry.channel;
    case 'withdraw':
      return (entry.channel === 'ADJUSTMENT' && texts.channel.ADJUSTMENT) || texts.bank;
    case 'transfer':
      return `${account(entry.from, entry.fromName)} → ${account(entry.to, entry.toName)}`;
    default:
      return entry.related ? (entry.related.title[locale] ?? entry.related.reference) : '';
  }
}

/**
 * Amounts as plain text with two decimals and no grouping: 1500.00 reads the same in every locale. The
 * entry's amount is already baht (or kip) with at most two decimals (toBaht), so toFixed only pads.
 * Money out of the wallet is negative, as the statement on screen writes it with a minus (withdrawals
 * and staff debits); transfers and finished bonuses stay the member's money and keep no sign.
 */
const amountText = (entry: StatementEntry) =>
  `${entry.statementType === 'withdraw' ? '-' : ''}${entry.amount.toFixed(2)}`;

export function statementCsv(
  entries: StatementEntry[],
  opts: { locale: Locale; currency: string; timeZone: string },
): string {
  const texts = TEXTS[opts.locale];
  const currency = CURRENCY_CODES[opts.currency] ?? opts.currency;
  const lines = [texts.columns.map(csvCell).join(',')];
  for (const e of entries) {
    const status = texts.status[e.outcome ?? e.status];
    lines.push(
      [
        localTime(e.createdAt, opts.timeZone),
        e._id,
        texts.type[e.statementType],
        details(e, texts, opts.locale),
        e.status === 'FAILED' && e.reason && !e.outcome ? `${status} (${e.reason})` : status,
        amountText(e),
        currency,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  // RFC 4180 ends every record with CRLF.
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
