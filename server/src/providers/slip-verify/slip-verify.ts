/**
 * Asks a bank (or an aggregator that asks it) about the transfer a slip's QR names: the sending bank's
 * 3-digit clearing code and the bank's transaction reference (payments/slip-qr.ts), or, for a BCEL
 * slip's OneProof receipt (payments/bcel-oneproof.ts), BCEL by its short code and the receipt's fccref; the
 * amount is in the transfer's currency (kip between Lao accounts).
 * Adapters normalise every vendor's answer to these three outcomes; the rules (receiver, sender, age,
 * duplicates) are ours and live in modules/slips.
 */
export interface VerifiedTransfer {
  transRef: string;
  amountMinor: bigint;
  /** 3-digit clearing code of the sender's bank; a Lao bank's short code (BCEL), as it has none. */
  senderBank: string;
  senderAccountNo: string;
  receiverAccountNo: string;
  transferredAt: Date;
}

export type SlipLookup =
  | { outcome: 'FOUND'; transfer: VerifiedTransfer }
  /** The bank knows no such transfer (a forged or mistyped QR). */
  | { outcome: 'NOT_FOUND' }
  /** The bank could not answer now (down, timed out, quota): ask again later. */
  | { outcome: 'UNAVAILABLE' };

export interface SlipVerifier {
  lookup(qr: { sendingBank: string; transRef: string }): Promise<SlipLookup>;
}
