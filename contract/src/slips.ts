import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { PAGE_SIZE } from './constants.ts';
import { SLIP_REASON_CODES } from './errors.ts';

/** SLIP-3: SUCCESS and FAILED are final; PROCESSING shows as processing. */
export const SLIP_STATUSES = ['PROCESSING', 'SUCCESS', 'FAILED'] as const;
/** SLIP-1: the largest slip image accepted. */
export const SLIP_MAX_BYTES = 5 * 1024 * 1024;
/** SLIP-1: uploads one member may make in a minute before REQUEST_LIMIT_1MIN. */
export const SLIP_UPLOADS_PER_MIN = 3;
/**
 * Uploads one member may make in 24 hours before SLIP_DAILY_LIMIT (the operator's slip.uploadsPerDay
 * setting overrides it): every upload costs a turn on the QR reader and room in the store.
 */
export const SLIP_UPLOADS_PER_DAY = 20;
/** SLIP-3: how long a view link works. */
export const SLIP_LINK_TTL_S = 300;
/** SLIP-1: image types accepted (checked by magic bytes, not by name). */
export const SLIP_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export const slipSchema = z.object({
  slipId: text(),
  /** The bank reference read from the slip's QR; empty until it was read. */
  reference: text(),
  /** In the wallet's currency, once the bank confirmed the transfer; null before (shown as '-'). */
  amount: z.number().nullable(),
  status: z.enum(SLIP_STATUSES),
  /** SLIP-4: the reason code of a failed slip. */
  note: z.enum(SLIP_REASON_CODES).nullable(),
  createdAt: text(),
});
export type Slip = z.infer<typeof slipSchema>;

/**
 * SLIP-1: multipart/form-data with one image part named "file". The answer comes at once with status
 * PROCESSING; verification follows. SLIP_NO_FILE, SLIP_INVALID_FILE, REQUEST_LIMIT_1MIN, SLIP_DAILY_LIMIT,
 * SLIP_CLOSED.
 */
export const uploadSlip = endpoint({
  method: 'POST',
  path: '/api/wallet/slip',
  body: undefined,
  response: slipSchema,
  auth: true,
  upload: { field: 'file', types: SLIP_IMAGE_TYPES, maxBytes: SLIP_MAX_BYTES },
});

/** SLIP-3: the member's slips, newest first. */
export const listSlips = endpoint({
  method: 'POST',
  path: '/api/statement/slip',
  body: z.object({
    page: z.number().int().min(1).max(10_000),
    limit: z.number().int().min(1).max(50).default(PAGE_SIZE.slips),
  }),
  response: z.object({ total: z.number().int(), slips: z.array(slipSchema) }),
  auth: true,
});

/** SLIP-3: a short-lived address of the slip image, for the view link. */
export const slipImageLink = endpoint({
  method: 'GET',
  path: '/api/statement/slip/reference/{reference}',
  body: undefined,
  response: z.object({ url: text() }),
  auth: true,
});
