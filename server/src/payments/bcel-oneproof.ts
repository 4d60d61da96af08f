// The "OneProof" receipt QR that BCEL (Banque pour le Commerce Extérieur Lao) prints on the slip of a
// transfer: the Lao counterpart of the Thai slip-verification mini QR (slip-qr.ts). EMVCo TLV with the
// receipt in template tag 33 (00 "BCEL", 01 "ONEPROOF", 02 the receipt's type, 03 its ticket number,
// 04 the transaction's fccref, BCEL's core-banking reference) and the CRC in tag 63, as a payment QR
// has it (as maythiwat/promptparse src/validate/BCELOneProof.ts reads it).
import { checkCrc, decodeTlv, encodeTlv, field, withCrc } from './emv-tlv.ts';

const BANK = 'BCEL';
const KIND = 'ONEPROOF';

export interface OneProof {
  /** What the receipt is for, as BCEL's app names it (the simulated bank writes TRF for a transfer). */
  type: string;
  /** The receipt's ticket number. */
  ticket: string;
  /** The transaction's reference at BCEL: what the bank feed reports and a verifier is asked about. */
  fccref: string;
}

export function oneProofPayload({ type, ticket, fccref }: OneProof): string {
  for (const [name, value] of Object.entries({ type, ticket, fccref })) {
    if (!value) throw new Error(`OneProof ${name} must not be empty`);
  }
  const receipt = encodeTlv([
    { id: '00', value: BANK },
    { id: '01', value: KIND },
    { id: '02', value: type },
    { id: '03', value: ticket },
    { id: '04', value: fccref },
  ]);
  return withCrc(
    encodeTlv([
      { id: '00', value: '01' },
      { id: '01', value: '11' },
      { id: '33', value: receipt },
    ]),
    '63',
  );
}

/**
 * The receipt of a OneProof QR; undefined for anything else: a CRC that does not match, a payment QR
 * (BCEL OnePay's tag 33 says ONEPAY), a Thai slip QR, a receipt without its ticket or reference.
 */
export function parseOneProof(payload: string): OneProof | undefined {
  const fields = checkCrc(payload.trim(), '63');
  if (!fields || field(fields, '00') !== '01') return undefined;
  const receipt = decodeTlv(field(fields, '33') ?? '');
  if (!receipt || field(receipt, '00') !== BANK || field(receipt, '01') !== KIND) return undefined;
  const type = field(receipt, '02') ?? '';
  const ticket = field(receipt, '03');
  const fccref = field(receipt, '04');
  if (!ticket || !fccref) return undefined;
  return { type, ticket, fccref };
}
