import { exactMinor } from '@krapao/contract';
import { requestJson } from '../../lib/http-json.ts';
import type { TrueWalletVouchers, VoucherCheck, VoucherOutcome, VoucherRefusal } from './truewallet.ts';

interface RedeemAnswer {
  status: { code: string };
  data?: {
    voucher?: { amount_baht?: string; redeemed_amount_baht?: string };
    owner_profile?: { full_name?: string };
    my_ticket?: { amount_baht?: string };
  };
}

/** The voucher service's "500.00", read exactly (money.ts); anything else is no amount. */
const satang = (baht: string | undefined) => {
  const minor = baht === undefined ? undefined : exactMinor(baht);
  return minor !== undefined && minor > 0n ? minor : undefined;
};

const KNOWN_REFUSALS = [
  'VOUCHER_NOT_FOUND',
  'VOUCHER_EXPIRED',
  'VOUCHER_OUT_OF_STOCK',
  'CANNOT_GET_OWN_VOUCHER',
  'TARGET_USER_NOT_FOUND',
] as const;
const refusalOf = (code: string | undefined): VoucherRefusal =>
  KNOWN_REFUSALS.find((k) => k === code) ?? 'INTERNAL_ERROR';

/** The gift-voucher redeem API over HTTP (POST /campaign/vouchers/{hash}/redeem); sim/ speaks it. */
export function httpTrueWallet(opts: { baseUrl: () => string; timeoutMs?: number }): TrueWalletVouchers {
  return {
    async redeem(voucherHash, receiverPhone): Promise<VoucherOutcome> {
      let body: RedeemAnswer;
      try {
        const res = await requestJson(
          'POST',
          `${opts.baseUrl()}/campaign/vouchers/${encodeURIComponent(voucherHash)}/redeem`,
          { body: { mobile: receiverPhone, voucher_hash: voucherHash }, timeoutMs: opts.timeoutMs },
        );
        if (res.status >= 500 || !res.body) return { status: 'UNKNOWN' };
        body = res.body as RedeemAnswer;
      } catch {
        return { status: 'UNKNOWN' };
      }
      const code = body.status?.code;
      const share = satang(body.data?.my_ticket?.amount_baht);
      if (code === 'SUCCESS' && share !== undefined) {
        return {
          status: 'SUCCESS',
          amountMinor: share,
          ownerName: body.data?.owner_profile?.full_name ?? '',
        };
      }
      if (code === 'TARGET_USER_REDEEMED') return { status: 'TARGET_USER_REDEEMED', amountMinor: share };
      return { status: refusalOf(code) };
    },

    // GET /campaign/vouchers/{hash}/verify: the voucher's amount and what was taken of it, nothing redeemed.
    async verify(voucherHash, receiverPhone): Promise<VoucherCheck> {
      let body: RedeemAnswer;
      try {
        const res = await requestJson(
          'GET',
          `${opts.baseUrl()}/campaign/vouchers/${encodeURIComponent(voucherHash)}/verify?mobile=${encodeURIComponent(receiverPhone)}`,
          { timeoutMs: opts.timeoutMs },
        );
        if (res.status >= 500 || !res.body) return { status: 'UNKNOWN' };
        body = res.body as RedeemAnswer;
      } catch {
        return { status: 'UNKNOWN' };
      }
      const code = body.status?.code;
      if (code === 'TARGET_USER_REDEEMED') return { status: 'TARGET_USER_REDEEMED' };
      if (code !== 'SUCCESS') return { status: refusalOf(code) };
      const amount = satang(body.data?.voucher?.amount_baht);
      if (amount === undefined) return { status: 'UNKNOWN' };
      const taken = exactMinor(body.data?.voucher?.redeemed_amount_baht ?? '0') ?? 0n;
      return { status: 'OPEN', mostMinor: amount - taken > 0n ? amount - taken : 0n };
    },
  };
}
