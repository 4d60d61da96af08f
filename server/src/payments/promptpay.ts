// Thai QR Payment (PromptPay credit transfer, EMVCo merchant-presented): the text inside a QR that a
// Thai banking app scans to pay.
import { checkCrc, decodeTlv, encodeTlv, field, withCrc } from './emv-tlv.ts';

const AID_MERCHANT_PRESENTED = 'A000000677010111';
const AID_BILL_PAYMENT = 'A000000677010112';
const THB = '764';

export interface PromptPayTarget {
  /** A mobile number, a 13-digit national or tax id, or a 15-digit e-wallet id. */
  id: string;
  /** Baht; a payload with an amount is "dynamic" (point of initiation 12). */
  amount?: number;
}

/** The sub-tag of tag 29 and the normalised value for a target id (dtinth/promptpay-qr formatTarget). */
function targetField(id: string): { sub: string; value: string } {
  const digits = id.replace(/\D/g, '');
  if (digits.length >= 15) return { sub: '03', value: digits };
  if (digits.length >= 13) return { sub: '02', value: digits };
  return { sub: '01', value: digits.replace(/^0/, '66').padStart(13, '0') };
}

export function promptPayPayload({ id, amount }: PromptPayTarget): string {
  const target = targetField(id);
  const fields = [
    { id: '00', value: '01' },
    { id: '01', value: amount === undefined ? '11' : '12' },
    {
      id: '29',
      value: encodeTlv([
        { id: '00', value: AID_MERCHANT_PRESENTED },
        { id: target.sub, value: target.value },
      ]),
    },
    { id: '58', value: 'TH' },
    { id: '53', value: THB },
    ...(amount === undefined ? [] : [{ id: '54', value: amount.toFixed(2) }]),
  ];
  return withCrc(encodeTlv(fields), '63');
}

export interface PromptPayBill {
  /** The biller: a 13-digit tax id and a 2-digit suffix. */
  billerId: string;
  /** The biller's reference for this payment, which its bank reports back with the money. */
  ref1: string;
  ref2?: string;
  /** Tag 62 sub 07, "Ref3" (the terminal label). */
  ref3?: string;
  amount?: number;
}

/**
 * A PromptPay bill payment (tag 30): what payment gateways issue for an order. Unlike a plain transfer
 * QR, two orders of one amount never share a payload, because Ref1 names the order. Fields in the order
 * of the reference vector (promptparse).
 */
export function promptPayBillPayload({ billerId, ref1, ref2, ref3, amount }: PromptPayBill): string {
  const fields = [
    { id: '00', value: '01' },
    { id: '01', value: amount === undefined ? '11' : '12' },
    {
      id: '30',
      value: encodeTlv([
        { id: '00', value: AID_BILL_PAYMENT },
        { id: '01', value: billerId },
        { id: '02', value: ref1 },
        ...(ref2 ? [{ id: '03', value: ref2 }] : []),
      ]),
    },
    { id: '53', value: THB },
    ...(amount === undefined ? [] : [{ id: '54', value: amount.toFixed(2) }]),
    { id: '58', value: 'TH' },
    ...(ref3 ? [{ id: '62', value: encodeTlv([{ id: '07', value: ref3 }]) }] : []),
  ];
  return withCrc(encodeTlv(fields), '63');
}

export interface ParsedPromptPay {
  /** The PromptPay id paid (a transfer) or the biller id (a bill payment). */
  target: string;
  amount?: number;
  ref1?: string;
  ref2?: string;
}

/**
 * Reads a PromptPay payload back, a transfer (tag 29) or a bill payment (tag 30): the target, amount and
 * bill references, or undefined when it is not one or its CRC fails.
 */
export function parsePromptPay(payload: string): ParsedPromptPay | undefined {
  const fields = checkCrc(payload, '63');
  if (!fields || field(fields, '53') !== THB) return undefined;
  const amountText = field(fields, '54');
  const amount = amountText ? { amount: Number(amountText) } : {};
  const transfer = decodeTlv(field(fields, '29') ?? '');
  if (transfer?.length && field(transfer, '00') === AID_MERCHANT_PRESENTED) {
    const target = transfer.find((f) => ['01', '02', '03', '04'].includes(f.id))?.value;
    return target ? { target, ...amount } : undefined;
  }
  const bill = decodeTlv(field(fields, '30') ?? '');
  if (bill?.length && field(bill, '00') === AID_BILL_PAYMENT) {
    const target = field(bill, '01');
    const ref1 = field(bill, '02');
    const ref2 = field(bill, '03');
    return target && ref1 ? { target, ...amount, ref1, ...(ref2 ? { ref2 } : {}) } : undefined;
  }
  return undefined;
}
