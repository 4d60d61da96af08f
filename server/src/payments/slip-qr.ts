// The slip-verification "mini QR" printed on Thai bank transfer slips: which bank sent the money and
// its transaction reference, which the receiving side's bank (or a verifier) can look up.
import { checkCrc, decodeTlv, encodeTlv, field, withCrc } from './emv-tlv.ts';

const API_ID = '000001';

export interface SlipQr {
  /** 3-digit Thai clearing code of the sending bank, e.g. 004 for KBANK. */
  sendingBank: string;
  transRef: string;
}

export function slipQrPayload({ sendingBank, transRef }: SlipQr): string {
  const template = encodeTlv([
    { id: '00', value: API_ID },
    { id: '01', value: sendingBank },
    { id: '02', value: transRef },
  ]);
  return withCrc(
    encodeTlv([
      { id: '00', value: template },
      { id: '51', value: 'TH' },
    ]),
    '91',
  );
}

/** The bank and reference of a slip QR; undefined for anything else (a PromptPay QR, a bad CRC). */
export function parseSlipQr(payload: string): SlipQr | undefined {
  const fields = checkCrc(payload.trim(), '91');
  const template = fields && decodeTlv(field(fields, '00') ?? '');
  if (!fields || !template || field(template, '00') !== API_ID) return undefined;
  const sendingBank = field(template, '01');
  const transRef = field(template, '02');
  if (!sendingBank || !/^\d{3}$/.test(sendingBank) || !transRef) return undefined;
  return { sendingBank, transRef };
}
