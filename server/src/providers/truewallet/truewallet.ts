/**
 * TrueMoney gift vouchers ("ซองอั่งเปา", DEP-10): the operator's wallet redeems a voucher a member
 * sent as a link. Outcomes follow the consumer redeem API.
 * A voucher may be split between recipients: what counts is the share this wallet received.
 */
export type VoucherRefusal =
  | 'VOUCHER_NOT_FOUND'
  | 'VOUCHER_EXPIRED'
  | 'VOUCHER_OUT_OF_STOCK'
  | 'CANNOT_GET_OWN_VOUCHER'
  | 'TARGET_USER_NOT_FOUND'
  | 'INTERNAL_ERROR';

export type VoucherOutcome =
  | { status: 'SUCCESS'; amountMinor: bigint; ownerName: string }
  /** This wallet already took its share (a retry after a lost answer): the share is reported again. */
  | { status: 'TARGET_USER_REDEEMED'; amountMinor: bigint | undefined }
  | { status: VoucherRefusal }
  /** The call did not get an answer: the voucher may or may not be redeemed; ask again later. */
  | { status: 'UNKNOWN' };

/**
 * What a voucher would bring before it is redeemed (the verify API): at most what is left of it, since a
 * split voucher's share is known only once taken. TARGET_USER_REDEEMED: this wallet already took its share.
 */
export type VoucherCheck =
  | { status: 'OPEN'; mostMinor: bigint }
  | { status: 'TARGET_USER_REDEEMED' }
  | { status: VoucherRefusal }
  | { status: 'UNKNOWN' };

export interface TrueWalletVouchers {
  redeem(voucherHash: string, receiverPhone: string): Promise<VoucherOutcome>;
  /** Asks about a voucher without redeeming it: nothing moves. */
  verify(voucherHash: string, receiverPhone: string): Promise<VoucherCheck>;
}
