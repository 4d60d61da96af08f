import { deposits, type QrcodeRecord, type QrProvider } from '@krapao/contract';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
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

export const useQrcode = (provider: QrProvider) => useQuery(qrcodeQueries.provider(provider));

/** DEP-7: on load every QR panel asks for its existing QR, the chosen one and the others alike. */
export const useQrcodes = (providers: QrProvider[]) =>
  useQueries({ queries: providers.map((p) => qrcodeQueries.provider(p)) });

/** A QR the member can still pay at `now`. */
export function isLiveQr(record: QrcodeRecord | undefined, now: number): record is QrcodeRecord {
  return Boolean(record?.hasQrcode && record.expireIn > now);
}
