import { randomBytes } from 'node:crypto';
import {
  SLIP_LINK_TTL_S,
  SLIP_MAX_AGE_S,
  SLIP_UPLOADS_PER_DAY,
  SLIP_UPLOADS_PER_MIN,
  toBaht,
  type Slip,
} from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { paged } from '../../db/paged.ts';
import { getSetting } from '../../db/settings.ts';
import { AppError } from '../../errors.ts';
import type { IncomingFile } from '../../http/one-file-upload.ts';
import { peekHead } from '../../lib/byte-walk.ts';
import { hmac, sameBytes } from '../../lib/crypto.ts';
import { giveBack, take } from '../../lib/rate-counter.ts';
import { putStream } from '../../providers/storage/storage.ts';
import { imageTypeOf, type SlipImageType } from './image-header.ts';
import { keptPicture, pictureKey, readPicture } from './pictures.ts';
import { refuseWhileBlocked } from '../protection/service.ts';

/** Bangkok and Vientiane keep UTC+7 all year (no daylight saving): the operator's window is in it. */
const SITE_UTC_OFFSET_MIN = 7 * 60;

export type Reason = NonNullable<Slip['note']>;

interface SlipSettings {
  enabled: boolean;
  closedFrom: string;
  closedTo: string;
  maxAgeMinutes: number;
}

interface SlipRow {
  id: string;
  public_id: string;
  reference: string | null;
  amount: bigint | null;
  status: Slip['status'];
  note: Reason | null;
  created_at: Date;
}

const SLIP_COLUMNS = 'id::text as id, public_id, reference, amount, status, note, created_at';

function toSlip(r: SlipRow): Slip {
  return {
    slipId: r.public_id,
    reference: r.reference ?? '',
    amount: r.amount === null ? null : toBaht(r.amount),
    status: r.status,
    note: r.note,
    createdAt: r.created_at.toISOString(),
  };
}

export async function slipSettings(ctx: Ctx): Promise<SlipSettings> {
  return (
    (await getSetting<SlipSettings>(ctx.db, 'slip.settings')) ?? {
      enabled: true,
      closedFrom: '00:00',
      closedTo: '00:00',
      maxAgeMinutes: SLIP_MAX_AGE_S / 60,
    }
  );
}

/** SLIP-2: whether `at` falls in the daily closed window [from, to) in site time; it may span midnight. */
export function inClosedWindow(at: Date, from: string, to: string): boolean {
  const minutes = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  };
  const utc = at.getUTCHours() * 60 + at.getUTCMinutes();
  const now = (utc + SITE_UTC_OFFSET_MIN) % (24 * 60);
  const start = minutes(from);
  const end = minutes(to);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * SLIP-1, SLIP-2: accepts a slip picture and records it as PROCESSING; the caller starts verifyLater with
 * the returned id as it answers. Every refusal comes before anything is written: closed (SLIP_CLOSED), no
 * file (SLIP_NO_FILE), not a PNG or JPEG (SLIP_INVALID_FILE), too many this minute (REQUEST_LIMIT_1MIN)
 * or in a day (SLIP_DAILY_LIMIT). The file is read only once the window is known to be open, and judged
 * by its first bytes; the rest streams into the file store (pictures.ts keptPicture: a JPEG up to its
 * end), and a file that turns out too large there (SLIP_INVALID_FILE, 413) gives its counts back. The
 * picture goes to the file store first, then the row that names it.
 */
export async function uploadSlip(
  ctx: Ctx,
  memberId: string,
  openFile: () => Promise<IncomingFile | undefined>,
): Promise<{ slip: Slip; id: string }> {
  if (!ctx.slipVerifier) {
    ctx.log.error('No slip verifier is configured (set SIMULATE=1 for the simulated bank)');
    throw new AppError('SLIP_UPLOAD_FAIL', 503);
  }
  // Player protection: no slip during a time-out or self-exclusion (a transfer already made comes in by
  // the bank feed, withdrawable).
  await refuseWhileBlocked(ctx, memberId);
  const settings = await slipSettings(ctx);
  if (!settings.enabled || inClosedWindow(ctx.clock.now(), settings.closedFrom, settings.closedTo)) {
    throw new AppError('SLIP_CLOSED', 403);
  }
  const file = await openFile();
  if (!file) throw new AppError('SLIP_NO_FILE');
  const { head, content } = await peekHead(file.content, 8);
  if (head.length === 0) throw new AppError('SLIP_NO_FILE');
  const type = imageTypeOf(head, file.filename);
  if (!type) throw new AppError('SLIP_INVALID_FILE', 415);
  const now = ctx.clock.now();
  const minute = await take(ctx.db, `slip-upload:${memberId}`, 60, now);
  if (minute.hits > SLIP_UPLOADS_PER_MIN) throw new AppError('REQUEST_LIMIT_1MIN', 429);
  // Every upload costs a turn on the QR worker and room in the store, whatever comes of it.
  const perDay = (await getSetting<number>(ctx.db, 'slip.uploadsPerDay')) ?? SLIP_UPLOADS_PER_DAY;
  const day = await take(ctx.db, `slip-upload-day:${memberId}`, 86_400, now);
  if (day.hits > perDay) throw new AppError('SLIP_DAILY_LIMIT', 429);
  const publicId = `SL${randomBytes(9).toString('hex').toUpperCase()}`;
  const key = pictureKey(publicId, type, now);
  try {
    await putStream(ctx.slipFiles, key, keptPicture(content, type));
  } catch (err) {
    // Refused while it arrived (too large, a cut-off body): it counts as no upload.
    await Promise.all([giveBack(ctx.db, minute), giveBack(ctx.db, day)]);
    throw err;
  }
  try {
    const [row] = await ctx.db.query<SlipRow>(
      `insert into slips (public_id, member_id, status, image_key, image_type, next_attempt_at, created_at, updated_at)
       values ($1, $2, 'PROCESSING', $3, $4, $5, $5, $5) returning ${SLIP_COLUMNS}`,
      [publicId, memberId, key, type, now],
    );
    return { slip: toSlip(row!), id: row!.id };
  } catch (err) {
    await ctx.slipFiles.delete(key).catch(() => undefined);
    throw err;
  }
}

/** SLIP-3: the member's slips, newest first. */
export async function listSlips(ctx: Ctx, memberId: string, page: number, limit: number) {
  const { total, rows } = await paged<SlipRow>(
    ctx.db,
    `select ${SLIP_COLUMNS} from slips where member_id = $1`,
    [memberId],
    page,
    limit,
  );
  return { total, slips: rows.map(toSlip) };
}

const imageSignature = (secret: string, slipId: string, exp: number) =>
  hmac(secret, `slip-image:${slipId}:${exp}`);

/**
 * SLIP-3: a short-lived signed address of the member's own slip picture. `ref` is the slip's bank
 * reference, or its slipId for a slip whose QR could not be read (its reference is empty); a reference
 * on several of the member's slips names the newest.
 */
export async function slipImageLink(ctx: Ctx, memberId: string, ref: string): Promise<{ url: string }> {
  const [row] = await ctx.db.query<{ public_id: string; kept: boolean }>(
    `select public_id, (image_key is not null or image is not null) as kept from slips where member_id = $1 and (public_id = $2 or reference = $2)
     order by (public_id = $2) desc, created_at desc, id desc limit 1`,
    [memberId, ref],
  );
  if (!row) throw new AppError('NOT_FOUND', 404);
  if (!row.kept) throw new AppError('SLIP_IMAGE_GONE', 410);
  return { url: signedImageUrl(ctx, row.public_id) };
}

/** The picture's address for SLIP_LINK_TTL_S: whoever holds it sees the picture, no session needed. */
export function signedImageUrl(ctx: Ctx, slipId: string): string {
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + SLIP_LINK_TTL_S;
  const sig = imageSignature(ctx.secret, slipId, exp).toString('base64url');
  return `/api/statement/slip/image/${slipId}?exp=${exp}&sig=${sig}`;
}

/** The picture behind a view link, while its signature holds. */
export async function slipImage(
  ctx: Ctx,
  slipId: string,
  exp: number,
  sig: string,
): Promise<{ bytes: Buffer; type: SlipImageType; filename: string }> {
  const valid =
    sameBytes(Buffer.from(sig, 'base64url'), imageSignature(ctx.secret, slipId, exp)) &&
    exp * 1000 > ctx.clock.now().getTime();
  if (!valid) throw new AppError('INVALID_SIGNATURE', 403);
  const [row] = await ctx.db.query<{
    image_key: string | null;
    image: Uint8Array | null;
    image_type: SlipImageType;
  }>('select image_key, image, image_type from slips where public_id = $1', [slipId]);
  if (!row) throw new AppError('NOT_FOUND', 404);
  const bytes = await readPicture(ctx, row);
  if (!bytes) throw new AppError('SLIP_IMAGE_GONE', 410);
  return {
    bytes,
    type: row.image_type,
    filename: `slip-${slipId}.${row.image_type === 'image/png' ? 'png' : 'jpg'}`,
  };
}
