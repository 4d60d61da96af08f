import type { QrProvider } from '@krapao/contract';

/** The only place a deposits query key is spelled. */
export const depositKeys = {
  all: () => ['deposits'] as const,
  qrcodes: () => ['deposits', 'qrcode'] as const,
  qrcode: (provider: QrProvider) => ['deposits', 'qrcode', provider] as const,
};
