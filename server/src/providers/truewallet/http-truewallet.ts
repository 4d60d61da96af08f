import { toMinor } from '@krapao/contract';
import type { TrueWalletVouchers, VoucherOutcome } from './truewallet.ts';

interface RedeemAnswer {
  status: { code: string };
  data?: {
    voucher?: { amount_baht?: string };
    owner_profile?: { full_name?: string };
    my_ticket?: { amount_baht?: string };
  };
}

const satang = (baht: string | undefined) => (baht === undefined ? undefined : toMinor(Number(baht)));

/** The gift-voucher redeem API over HTTP (POST /campaign/vouchers/{hash}/redeem); sim/ speaks it. */
export function httpTrueWallet(opts: { baseUrl: () => string; timeoutMs?: number }): TrueWalletVouchers {
  return {
    async redeem(voucherHash, receiverPhone): Promise<VoucherOutcome> {
      let body: RedeemAnswer;
      try {
        const res = await fetch(
          `${opts.baseUrl()}/campaign/vouchers/${encodeURIComponent(voucherHash)}/redeem`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ mobile: receiverPhone, voucher_hash: voucherHash }),
            signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
          },
        );
        if (res.status >= 500) return { status: 'UNKNOWN' };
        body = (await res.json()) as RedeemAnswer;
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
      const known = [
        'VOUCHER_NOT_FOUND',
        'VOUCHER_EXPIRED',
        'VOUCHER_OUT_OF_STOCK',
        'CANNOT_GET_OWN_VOUCHER',
        'TARGET_USER_NOT_FOUND',
      ] as const;
      return { status: known.find((k) => k === code) ?? 'INTERNAL_ERROR' };
    },
  };
}
