// BCEL's OneProof receipt QR: written and read back with its CRC.
import { describe, expect, it } from 'vitest';
import { parseOneProof, oneProofPayload } from '../src/payments/bcel-oneproof.ts';
import { encodeTlv, withCrc } from '../src/payments/emv-tlv.ts';
import { promptPayPayload } from '../src/payments/promptpay.ts';
import { parseSlipQr, slipQrPayload } from '../src/payments/slip-qr.ts';

const RECEIPT = { type: 'TRF', ticket: '2411210001', fccref: '010FTIB243260001' };
// Written by hand and its CRC computed by an independent CRC-16/CCITT-FALSE (Python's binascii.crc_hqx
// with init 0xFFFF), which gives 6197 for the PromptPay reference vector too.
const VECTOR = '00020101021133610004BCEL0108ONEPROOF0203TRF031024112100010416010FTIB24326000163048D47';

describe('BCEL OneProof receipt QR (SLIP-1, laos-4)', () => {
  it('[laos-4] writes tag 33 {00 BCEL, 01 ONEPROOF, 02 type, 03 ticket, 04 fccref} with the CRC in 63', () => {
    expect(oneProofPayload(RECEIPT)).toBe(VECTOR);
  });

  it('[laos-4] reads back its receipt, also with the CRC in lower case or without leading zeros', () => {
    expect(parseOneProof(VECTOR)).toEqual(RECEIPT);
    expect(parseOneProof(` ${VECTOR.replace(/8D47$/, '8d47')}\n`)).toEqual(RECEIPT);
    // A receipt whose CRC starts with 0, as an app that drops leading zeros writes it ("6303" + 3 digits).
    const tickets = Array.from({ length: 200 }, (_, n) => String(2411210000 + n));
    const ticket = tickets.find((tk) => oneProofPayload({ ...RECEIPT, ticket: tk }).at(-4) === '0');
    if (!ticket) throw new Error('no receipt with a leading-zero CRC in 200 tickets');
    const payload = oneProofPayload({ ...RECEIPT, ticket });
    const crc = payload.slice(-4).replace(/^0+/, '');
    expect(parseOneProof(`${payload.slice(0, -8)}630${crc.length}${crc}`)).toEqual({ ...RECEIPT, ticket });
  });

  it('[laos-4] refuses a tampered receipt, a missing reference and other QRs', () => {
    expect(parseOneProof(VECTOR.replace('0001041', '0002041'))).toBeUndefined();
    expect(parseOneProof(VECTOR.slice(0, -1))).toBeUndefined();
    const receipt = (fields: Array<[string, string]>) =>
      withCrc(
        encodeTlv([
          { id: '00', value: '01' },
          { id: '01', value: '11' },
          { id: '33', value: encodeTlv(fields.map(([id, value]) => ({ id, value }))) },
        ]),
        '63',
      );
    // Well-formed, valid CRC, but not a OneProof receipt: no reference, or a OnePay payment QR.
    expect(
      parseOneProof(
        receipt([
          ['00', 'BCEL'],
          ['01', 'ONEPROOF'],
          ['02', 'TRF'],
          ['03', '1'],
        ]),
      ),
    ).toBeUndefined();
    expect(
      parseOneProof(
        receipt([
          ['00', 'BCEL'],
          ['01', 'ONEPAY'],
          ['02', 'mcid-1'],
        ]),
      ),
    ).toBeUndefined();
    expect(parseOneProof(promptPayPayload({ id: '0812345678', amount: 100 }))).toBeUndefined();
    expect(
      parseOneProof(slipQrPayload({ sendingBank: '004', transRef: '0002123123121200011' })),
    ).toBeUndefined();
    // ...and a Thai slip reader takes no OneProof receipt for its own.
    expect(parseSlipQr(VECTOR)).toBeUndefined();
  });

  it('[laos-4] refuses to write a receipt without a ticket or a reference', () => {
    expect(() => oneProofPayload({ ...RECEIPT, fccref: '' })).toThrow(/fccref/);
    expect(() => oneProofPayload({ ...RECEIPT, ticket: '' })).toThrow(/ticket/);
  });
});
