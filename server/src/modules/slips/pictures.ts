// Slip pictures in the file store (ctx.slipFiles), never in the rows: storing one, reading it back, moving
// the pictures older servers kept in slips.image, and dropping them after their retention.
import type { Ctx } from '../../context.ts';
import { getSetting } from '../../db/settings.ts';
import { walkStream } from '../../lib/byte-walk.ts';
import { walkJpeg } from '../../lib/jpeg-walk.ts';
import type { SlipImageType } from './image-header.ts';

/**
 * What is kept of an uploaded slip picture, as it streams in: a JPEG up to its end-of-image and nothing
 * after it (a phone's second picture, with its own EXIF and location, lives there; lib/jpeg-walk.ts), a
 * PNG as sent. Nothing else is changed: the QR reader and the member see the picture as it was, and a
 * JPEG whose structure cannot be followed is kept whole, for the reader to judge (SLIP-4 reasons).
 */
export function keptPicture(content: AsyncIterable<Buffer>, type: SlipImageType): AsyncIterable<Buffer> {
  return type === 'image/jpeg' ? walkStream(content, walkJpeg({ strip: false, lenient: true })) : content;
}

/** Where a slip's picture is kept: by upload day, so that no folder grows without bound. */
export function pictureKey(publicId: string, type: SlipImageType, at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '/');
  return `${day}/${publicId}.${type === 'image/png' ? 'png' : 'jpg'}`;
}

/** A slip row's picture: in the store under image_key, or (uploaded before migration 011) in the row. */
export interface PictureRef {
  image_key: string | null;
  image?: Uint8Array | null;
}

/** The picture's bytes; undefined once dropped (or when the store lost them). */
export async function readPicture(ctx: Ctx, row: PictureRef): Promise<Buffer | undefined> {
  if (row.image_key) return ctx.slipFiles.get(row.image_key);
  return row.image ? Buffer.from(row.image) : undefined;
}

/**
 * Moves the pictures still kept in rows (uploaded before migration 011) to the store, a few at a time
 * so the database is never asked for much at once; the server runs it at start-up. Safe on several
 * instances at once: the same bytes go under the same key, and only a row still holding them is changed.
 */
export async function moveRowPictures(ctx: Ctx, batch = 10): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await ctx.db.query<{
      id: string;
      public_id: string;
      image: Uint8Array;
      image_type: SlipImageType;
      created_at: Date;
    }>(
      `select id::text as id, public_id, image, image_type, created_at from slips where image is not null
       order by id limit $1`,
      [batch],
    );
    for (const row of rows) {
      const key = pictureKey(row.public_id, row.image_type, row.created_at);
      await ctx.slipFiles.put(key, Buffer.from(row.image));
      await ctx.db.query(
        `update slips set image_key = $2, image = null where id = $1 and image is not null`,
        [row.id, key],
      );
      moved++;
    }
    if (rows.length < batch) return moved;
  }
}

/** How long a settled slip's picture is kept, in days: slip.imageRetentionDays, else 180... */
const DEFAULT_IMAGE_RETENTION_DAYS = 180;
/**
 * ...and a FAILED slip's: slip.failedImageRetentionDays, else 3. A failed slip credited nothing; its
 * picture (a bomb, a wrong file, an unreadable photo) is worth keeping only while the member may ask why.
 */
const DEFAULT_FAILED_IMAGE_RETENTION_DAYS = 3;
const DAY_MS = 86_400_000;

/**
 * Drops the pictures kept past their retention, a batch at a time per rule: the slips stay listed, and
 * their view link answers SLIP_IMAGE_GONE. A slip still PROCESSING keeps its picture. The file goes first:
 * a crash in between leaves a row whose picture answers as gone, never a picture kept past its time.
 */
export async function purgeSlipImages(ctx: Ctx, batch = 500): Promise<number> {
  const now = ctx.clock.now().getTime();
  const days = async (key: string, fallback: number) => (await getSetting<number>(ctx.db, key)) ?? fallback;
  const settledBefore = new Date(
    now - (await days('slip.imageRetentionDays', DEFAULT_IMAGE_RETENTION_DAYS)) * DAY_MS,
  );
  const failedBefore = new Date(
    now - (await days('slip.failedImageRetentionDays', DEFAULT_FAILED_IMAGE_RETENTION_DAYS)) * DAY_MS,
  );
  const kept = '(image_key is not null or image is not null)';
  let purged = 0;
  for (const [where, before] of [
    [`${kept} and status <> 'PROCESSING'`, settledBefore],
    [`status = 'FAILED' and ${kept}`, failedBefore],
  ] as const) {
    const rows = await ctx.db.query<{ id: string; image_key: string | null }>(
      `select id::text as id, image_key from slips where ${where} and created_at < $1
       order by created_at limit $2`,
      [before, batch],
    );
    for (const row of rows) if (row.image_key) await ctx.slipFiles.delete(row.image_key);
    if (!rows.length) continue;
    await ctx.db.query(`update slips set image_key = null, image = null where id = any($1::bigint[])`, [
      rows.map((r) => r.id),
    ]);
    purged += rows.length;
  }
  return purged;
}
