import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { amountSchema } from './money.ts';

/**
 * DEP-12: the member tells the operator "I have transferred this much". It records a deposit notice
 * (status PENDING in the statement, channel NOTICE); it credits nothing by itself. The credit that
 * brings that amount answers it (docs/api.md has the window): SUCCESS in the answer when the credit
 * arrived just before the notice.
 */
export const addDepositNotice = endpoint({
  method: 'POST',
  path: '/api/wallet/add',
  body: z.object({ amount: amountSchema }),
  response: z.object({
    depositId: text(),
    amount: z.number(),
    status: z.enum(['PENDING', 'SUCCESS']),
    createdAt: text(),
  }),
  auth: true,
  headers: { 'Idempotency-Key': 'required' },
});

/**
 * What the operator's bank-statement integration posts for each incoming transfer (DEP-11), signed
 * with HMAC-SHA256 of the raw body in the X-Signature header ("sha256=<hex>").
 */
export const bankFeedItemSchema = z.object({
  /** The bank's own reference: one credit per reference, ever. */
  reference: text().trim().min(1).max(64),
  fromBankCode: text().trim().min(1).max(10),
  fromAccountNo: text().trim().min(1).max(30),
  toAccountNo: text().trim().min(1).max(30),
  amount: amountSchema,
  receivedAt: text().datetime(),
});
export type BankFeedItem = z.infer<typeof bankFeedItemSchema>;

/**
 * Why a feed line was refused: an amount that is not whole satang from 0.01 up (1e-9 would have been
 * 0 satang), or anything else about the line (a missing field, a forbidden character).
 */
export const BANK_FEED_REJECT_REASONS = ['INVALID_AMOUNT', 'INVALID_LINE'] as const;
export const BANK_FEED_OUTCOMES = ['CREDITED', 'DUPLICATE', 'UNMATCHED', 'REJECTED'] as const;

/**
 * The batch is taken whole and each line is checked on its own with bankFeedItemSchema: one bad line
 * is answered REJECTED (with its reason) and the others still credit, so it cannot block a bank's
 * feed. Answers come in the order of the lines.
 */
export const bankFeed = endpoint({
  method: 'POST',
  path: '/api/hooks/bank-feed',
  body: z.object({ items: z.array(z.unknown()).min(1).max(500) }),
  response: z.object({
    results: z.array(
      z.object({
        /** The line's reference; empty when the line had none that could be read. */
        reference: text(),
        outcome: z.enum(BANK_FEED_OUTCOMES),
        reason: z.enum(BANK_FEED_REJECT_REASONS).optional(),
      }),
    ),
  }),
  auth: false,
});

// ---------------------------------------------------------------------------------------------------
// QR deposits (DEP-4, DEP-6 to DEP-9)

/**
 * DEP-7: one member's QR at one provider. hasQrcode false means there is none (or it ended): the panel
 * shows the amount entry, and `message` says why when a create failed. `qrcode` is the image as SVG
 * markup of the EMVCo payload (a Thai QR Payment; a LAPNet QR for ONEPAY), which a banking app can
 * scan; `payload` is that text.
 */
export const qrcodeRecordSchema = z.object({
  qrcodeId: text(),
  hasQrcode: z.boolean(),
  qrcode: text(),
  payload: text(),
  amount: z.number(),
  /** When the QR stops being payable: milliseconds since the epoch (0 when there is none). */
  expireIn: z.number(),
  message: text(),
  /**
   * Krapao's addition (docs/api.md "QR deposits"): the member's latest QR at the provider was paid and
   * credited at this time (ms since the epoch), at most QR_TTL_S ago. hasQrcode is then false (nothing to
   * pay) and qrcodeId and amount are the paid QR's: the panel says "฿X received" instead of counting down.
   */
  paidAt: z.number().optional(),
});
export type QrcodeRecord = z.infer<typeof qrcodeRecordSchema>;

/** The member's live QR at {provider} (KBANK, WW, PAYTIMZ, PAYONEX, ZPAY in baht; ONEPAY in kip), if any. */
export const getQrcode = endpoint({
  method: 'GET',
  path: '/api/qrcode/{provider}',
  body: undefined,
  response: qrcodeRecordSchema,
  auth: true,
});

/**
 * Creates a QR for {amount} (in the provider's currency) at {provider}; a live one at that provider is
 * replaced. Below the provider's minimum (DEP-8) the answer is QR_MINIMUM; a gateway that fails gives hasQrcode false and
 * message QR_FAIL, as the spec's client expects. Takes an Idempotency-Key.
 */
export const createQrcode = endpoint({
  method: 'POST',
  path: '/api/qrcode/{provider}',
  body: z.object({ amount: amountSchema }),
  response: qrcodeRecordSchema,
  auth: true,
  headers: { 'Idempotency-Key': 'required' },
});

/** Cancels the member's QR {qrcodeId}; a QR already paid stays paid (the answer is then NOT_FOUND). */
export const cancelQrcode = endpoint({
  method: 'DELETE',
  path: '/api/qrcode/{qrcodeId}',
  body: undefined,
  response: z.object({ qrcodeId: text(), status: z.literal('CANCELLED') }),
  auth: true,
});

/**
 * What a payment gateway posts when one of its QRs is paid, signed with HMAC-SHA256 of the raw body in
 * X-Signature ("sha256=<hex>"). Only a verified callback for a known, live QR with the same amount
 * credits, exactly once per gateway transaction.
 */
export const gatewayCallbackSchema = z.object({
  /** Our QR id, given to the gateway when the QR was made. */
  orderId: text().min(1).max(64),
  /** The gateway's own transaction id. */
  transactionId: text().min(1).max(64),
  amount: amountSchema,
  status: z.enum(['PAID']),
  paidAt: text().datetime(),
});
export const gatewayCallback = endpoint({
  method: 'POST',
  path: '/api/hooks/qr/{provider}',
  body: gatewayCallbackSchema,
  response: z.object({ outcome: z.enum(['CREDITED', 'DUPLICATE']) }),
  auth: false,
});

// ---------------------------------------------------------------------------------------------------
// True Wallet (DEP-10)

/**
 * A TrueMoney gift link (https://gift.truemoney.com/campaign/?v=<hash>) or the bare hash. The spec's
 * old client "encrypted" the link with a key it also held; over TLS that adds nothing, so Krapao
 * takes the link itself (docs/decisions.md).
 */
export const redeemTruelink = endpoint({
  method: 'POST',
  path: '/api/wallet/truelink',
  body: z.object({ link: text().trim().min(1).max(300) }),
  response: z.object({ depositId: text(), amount: z.number(), status: z.literal('SUCCESS') }),
  auth: true,
  headers: { 'Idempotency-Key': 'required' },
});
