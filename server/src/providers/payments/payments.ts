import type { Currency } from '@krapao/contract';

/**
 * A QR payment gateway (DEP-4): it makes a QR for an amount under our order id, and when the QR is paid
 * it calls Krapao's webhook, signed. The payload is EMVCo text a banking app scans: a Thai QR Payment in
 * baht, or a Lao QR (LAPNet) in kip at ONEPAY.
 */
export interface QrGateway {
  createQr(order: {
    provider: string;
    /** Our QR id: the gateway quotes it in its callback. */
    orderId: string;
    /** The order's currency, which the provider must collect (QR_PROVIDER_CURRENCY); it refuses another. */
    currency: Currency;
    /** In the currency's minor unit (satang, att). */
    amountMinor: bigint;
    expiresAt: Date;
    /** Where the gateway posts the payment. */
    callbackUrl: string;
  }): Promise<{ gatewayRef: string; payload: string }>;
  /** Best effort: a cancelled QR should not be payable any more. */
  cancelQr(provider: string, gatewayRef: string): Promise<void>;
}
