// CHAT-5: a phone video without its metadata. MP4 and QuickTime are walked by their boxes front to back
// (lib/byte-walk.ts: over an upload as it streams in, or over bytes in memory), and each metadata box is
// written as a 'free' box of the same size full of zeros, so no offset into the media data moves.
import { copy, emit, left, read, rest, walkBuffer, zero, type Op, type Walk } from '../../lib/byte-walk.ts';

/**
 * Boxes walked into on the way to the metadata boxes: the movie, its tracks and what a track holds down
 * to its sample table. Nothing else is entered (the media data and the sample descriptions are copied
 * as they are, never read).
 */
const MP4_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf']);

/**
 * Boxes wiped wherever the walk meets them: 'udta' (QuickTime and Android '©xyz', 3GPP 'loci', names,
 * encoder), 'meta' (Apple's com.apple.quicktime.location.ISO6709 and other keys, iTunes-style tags) and
 * 'uuid' (XMP under BE7ACFCB-97A9-42E8-9C71-999491E3AFAC, and vendors' own blocks, such as Sony's, that
 * may carry a location too; none of them is needed to play).
 */
const MP4_METADATA = new Set(['udta', 'meta', 'uuid']);

/** Boxes that mean nothing; their payload is zeroed too, as a tool that "removed" metadata may have left it there. */
const MP4_FREE = new Set(['free', 'skip']);

/** Deeper than any real movie (moov/trak/mdia/minf/stbl is 5 levels); a deeper nesting is refused. */
const MP4_MAX_DEPTH = 16;

/**
 * The video as it will be kept: every 'udta', 'meta' and 'uuid' box met on the way through moov, trak,
 * mdia, minf, stbl, edts and dinf (and at the top level) becomes a 'free' box of the same size full of
 * zeros, as do existing free and skip boxes. Sizes never change, so the chunk offsets (stco, co64) still
 * point at the same media data and the file plays as before; the movie and track headers (mvhd, tkhd) are
 * kept. Refused when the structure cannot be walked: the first box is not 'ftyp', a box is smaller than
 * its header or runs past its parent's end (or the file's), a size 0 ("to the end of the file") anywhere
 * but the top level, or nesting deeper than MP4_MAX_DEPTH. Linear in the file's size.
 */
export function walkMp4(): Walk {
  return boxes(0, undefined);
}

/** The video without its metadata (walkMp4 over bytes in memory); undefined when it cannot be walked. */
export function cleanVideo(bytes: Buffer): Buffer | undefined {
  return walkBuffer(bytes, walkMp4());
}

/** The boxes filling `size` bytes (undefined: up to the end of the file), at `depth`. */
function* boxes(depth: number, size: number | undefined): Walk {
  if (depth > MP4_MAX_DEPTH) return false;
  let remaining = size;
  let first = depth === 0;
  for (;;) {
    if (remaining === 0) return true;
    const head = yield* read(8);
    if (remaining === undefined && head.length === 0) return true; // the end of the file
    if (head.length < 8 || (remaining !== undefined && remaining < 8)) return false;
    const type = head.toString('latin1', 4, 8);
    if (first && type !== 'ftyp') return false;
    first = false;
    let boxSize: number | undefined = head.readUInt32BE(0);
    let header = head;
    if (boxSize === 1) {
      const large = yield* read(8);
      if (large.length < 8) return false;
      const value = large.readBigUInt64BE(0);
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) return false;
      boxSize = Number(value);
      header = Buffer.concat([head, large]);
    } else if (boxSize === 0) {
      if (depth !== 0) return false; // "to the end of the file" only for the last top-level box
      boxSize = undefined;
    }
    if (boxSize !== undefined) {
      if (boxSize < header.length || (remaining !== undefined && boxSize > remaining)) return false;
      if (remaining !== undefined) remaining -= boxSize;
    }
    const payload = boxSize === undefined ? undefined : boxSize - header.length;
    if (MP4_METADATA.has(type) || MP4_FREE.has(type)) {
      if (!(yield* wipe(header.length, payload))) return false;
    } else {
      yield* emit(header);
      if (MP4_CONTAINERS.has(type)) {
        if (!(yield* boxes(depth + 1, payload))) return false;
      } else if (payload === undefined) yield* rest('copy');
      else if (!(yield* copy(payload))) return false;
    }
    if (boxSize === undefined) return true;
  }
}

/**
 * Writes a zeroed 'free' box in place of a box whose header (of `headerLength` bytes) was read: its
 * payload is read and written as zeros. A box running to the end of the file gets its real size when it
 * is known (bytes in memory), else keeps size 0, which means the same.
 */
function* wipe(headerLength: number, payload: number | undefined): Generator<Op, boolean, unknown> {
  const known = payload ?? (yield* left());
  const total = known === undefined ? 0 : headerLength + known;
  const header = Buffer.alloc(total > 0xffffffff ? 16 : 8);
  if (total > 0xffffffff) {
    header.writeUInt32BE(1, 0);
    header.writeBigUInt64BE(BigInt(total), 8);
  } else header.writeUInt32BE(total, 0);
  header.write('free', 4, 'latin1');
  yield* emit(header);
  // The header written may be shorter than the one read (a 64-bit size that fits in 32 bits).
  yield* emit(Buffer.alloc(Math.max(0, headerLength - header.length)));
  if (known === undefined) {
    yield* rest('zero');
    return true;
  }
  return yield* zero(known);
}
