import { deposits, type QrcodeRecord, type QrProvider } from '@krapao/contract';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { serverNow } from '../../../lib/clock';
import { depositKeys } from './keys';

/** DEP-7: GET /api/qrcode/{provider}: the member's live QR there, or hasQrcode false. */
export const getQrcode = (provider: QrProvider, signal?: AbortSignal) =>
  callApi(deposits.getQrcode, undefined, { params: { provider }, signal });

export const qrcodeQueries = {
  provider: (provider: QrProvider) =>
    queryOptions({
      queryKey: depositKeys.qrcode(provider),
      queryFn: ({ signal }) => getQrcode(provider, signal),
      // Asked when the QR section opens; our own creates and cancels keep it right meanwhile.
      staleTime: 10_000,
    }),
};

/** While the realtime socket is down, a live QR is asked for this often, to see it paid. */
export const QR_POLL_MS = 3_000;

/**
 * DEP-7: one provider's QR. With `poll`, a live QR is asked for again every QR_POLL_MS until it is paid
 * or ends: the fallback when no realtime event will say so.
 */
export const useQrcode = (provider: QrProvider, { poll = false }: { poll?: boolean } = {}) =>
  useQuery({
    ...qrcodeQueries.provider(provider),
    refetchInterval: (query) => (poll && isLiveQr(query.state.data, serverNow()) ? QR_POLL_MS : false),
  });

/** DEP-7: on load every QR panel asks for its existing QR, the chosen one and the others alike. */
export const useQrcodes = (providers: QrProvider[]) =>
  useQueries({ queries: providers.map((p) => qrcodeQueries.provider(p)) });

/** A QR paid moments ago (within its lifetime): the panel says it was received. */
export function isPaidQr(record: QrcodeRecord | undefined): record is QrcodeRecord & { paidAt: number } {
  return record?.paidAt !== undefined;
}

/** A QR the member can still pay at `now`. */
export function isLiveQr(record: QrcodeRecord | undefined, now: number): record is QrcodeRecord {
  return Boolean(record?.hasQrcode && record.expireIn > now);
}
