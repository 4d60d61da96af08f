// Lao QR (LAPNet, EMVCo merchant-presented): the text inside a QR that a Lao banking app (BCEL One, LDB,
// JDB, ...) scans to pay in kip. Same TLV and CRC-16 as Thai QR Payment, with the merchant account in
// template 38 under LAPNet's AID.
import { checkCrc, decodeTlv, encodeTlv, field, withCrc } from './emv-tlv.ts';

export const LAPNET_AID = 'A005266284662577';
/** ISO 4217 numeric code of the kip, and Laos's country code. */
export const LAK = '418';
export const LAOS = 'LA';

export interface LapnetMerchant {
  /** The acquiring bank's institution id in LAPNet: 8 digits, given by the bank. */
  iin: string;
  /** Tag 38 sub 02; `002` in the public encoders (pmoney_qr). */
  paymentType: string;
  /** Tag 38 sub 03: the merchant (receiver) id at that bank. */
  merchantId: string;
  /** Tag 52: the merchant category code, 4 digits. */
  mcc: string;
}

export interface LapnetOrder extends LapnetMerchant {
  /** Kip in minor units (1/100); with an amount the QR is dynamic (point of initiation 12). */
  amountMinor?: bigint;
  /**
   * Tag 62 sub 01, the bill number: the order this payment is for, so two QRs of one amount never share
   * a payload and a payment always finds its own order.
   */
  billNumber?: string;
  /** Tag 62 sub 05, the reference label (the gateway's own reference). */
  referenceLabel?: string;
}

/**
 * Kip as tag 54 carries it: whole kip without decimals, as the Lao encoders write it ("50000"); an
 * amount with att (1/100 kip, which ISO 4217 allows) with two.
 */
function amountText(minor: bigint): string {
  if (minor <= 0n) throw new Error('a LAPNet amount must be positive');
  const whole = minor / 100n;
  const att = minor % 100n;
  return att === 0n ? String(whole) : `${whole}.${String(att).padStart(2, '0')}`;
}

/** Tag 54 read back into minor units; undefined when it is not a plain positive decimal. */
function amountMinorOf(text: string): bigint | undefined {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const minor = BigInt(m[1]! + (m[2] ?? '').padEnd(2, '0'));
  return minor > 0n ? minor : undefined;
}

export function lapnetPayload(order: LapnetOrder): string {
  if (!/^\d{8}$/.test(order.iin)) throw new Error(`LAPNet IIN must be 8 digits: ${order.iin}`);
  if (!/^\d{4}$/.test(order.mcc)) throw new Error(`MCC must be 4 digits: ${order.mcc}`);
  const additional = [
    ...(order.billNumber ? [{ id: '01', value: order.billNumber }] : []),
    ...(order.referenceLabel ? [{ id: '05', value: order.referenceLabel }] : []),
  ];
  const fields = [
    { id: '00', value: '01' },
    { id: '01', value: order.amountMinor === undefined ? '11' : '12' },
    {
      id: '38',
      value: encodeTlv([
        { id: '00', value: LAPNET_AID },
        { id: '01', value: order.iin },
        { id: '02', value: order.paymentType },
        { id: '03', value: order.merchantId },
      ]),
    },
    { id: '52', value: order.mcc },
    { id: '53', value: LAK },
    ...(order.amountMinor === undefined ? [] : [{ id: '54', value: amountText(order.amountMinor) }]),
    { id: '58', value: LAOS },
    ...(additional.length ? [{ id: '62', value: encodeTlv(additional) }] : []),
  ];
  return withCrc(encodeTlv(fields), '63');
}

export interface ParsedLapnet extends LapnetMerchant {
  /** Tag 01: 11 static (the payer types the amount), 12 dynamic. */
  pointOfInitiation: string;
  /** Tag 53 as read: `418` for kip. */
  currency: string;
  /** Tag 58 as read: `LA`. */
  country: string;
  amountMinor?: bigint;
  billNumber?: string;
  referenceLabel?: string;
}

/**
 * Reads a Lao QR back: its merchant, amount, currency, country and bill references; undefined when the
 * CRC fails, it is not TLV, or it carries no LAPNet merchant template (a PromptPay QR, a slip QR). The
 * fields are returned as read, in whatever order the encoder wrote them (pmoney_qr puts 62 before 58);
 * checking that they are kip in Laos is the caller's. A sub-tag written twice counts its first value
 * (pmoney_qr writes an expiry under sub 02 after the payment type).
 */
export function parseLapnet(payload: string): ParsedLapnet | undefined {
  const fields = checkCrc(payload.trim(), '63');
  if (!fields || field(fields, '00') !== '01') return undefined;
  const merchant = decodeTlv(field(fields, '38') ?? '');
  if (!merchant?.length || field(merchant, '00') !== LAPNET_AID) return undefined;
  const iin = field(merchant, '01');
  const paymentType = field(merchant, '02');
  const merchantId = field(merchant, '03');
  const pointOfInitiation = field(fields, '01');
  const mcc = field(fields, '52');
  const currency = field(fields, '53');
  const country = field(fields, '58');
  if (!iin || !paymentType || !merchantId || !pointOfInitiation || !mcc || !currency || !country) {
    return undefined;
  }
  const amountField = field(fields, '54');
  const amountMinor = amountField === undefined ? undefined : amountMinorOf(amountField);
  if (amountField !== undefined && amountMinor === undefined) return undefined;
  const additional = decodeTlv(field(fields, '62') ?? '');
  if (!additional) return undefined;
  const billNumber = field(additional, '01');
  const referenceLabel = field(additional, '05');
  return {
    pointOfInitiation,
    iin,
    paymentType,
    merchantId,
    mcc,
    currency,
    country,
    ...(amountMinor === undefined ? {} : { amountMinor }),
    ...(billNumber ? { billNumber } : {}),
    ...(referenceLabel ? { referenceLabel } : {}),
  };
}
