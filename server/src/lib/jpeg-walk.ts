// A JPEG walked by its markers from the start-of-image to the first end-of-image at the top level, and
// nothing after it: phones append a second picture there (a depth map, the MPF preview of a "motion"
// photo, a video), with EXIF and a location of its own. Segments are skipped by their lengths, so an
// 0xFFD9 inside one (an EXIF thumbnail is a whole JPEG) is never taken for the end; inside entropy-coded
// data every 0xFF is followed by 0x00 (a stuffed byte) or a restart marker unless it is a marker, so the
// first other marker ends the scan (ITU T.81 B.1.1.5, B.1.1.2).
import { copy, copyToFF, emit, read, rest, skip, type Walk } from './byte-walk.ts';

export interface JpegWalk {
  /**
   * Drop APP1 to APP13 and APP15 (EXIF, XMP, ICC, maker notes, Photoshop data) and comments; APP0 (JFIF)
   * and APP14 (Adobe, which says how to read a CMYK picture's colours) are kept.
   */
  strip: boolean;
  /** Whether a frame of this many pixels is accepted. */
  fits?: (width: number, height: number) => boolean;
  /**
   * Where the structure cannot be followed, keep the rest as it is instead of refusing the file (only
   * without `strip`: then every byte read so far was kept, so nothing is lost or reordered).
   */
  lenient?: boolean;
}

const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** A walk of a JPEG (its first three bytes already known to be FF D8 FF). */
export function* walkJpeg(o: JpegWalk): Walk {
  const lenient = Boolean(o.lenient) && !o.strip;
  const fail = function* (): Walk {
    if (!lenient) return false;
    yield* rest('copy');
    return true;
  };
  const soi = yield* read(2);
  yield* emit(soi);
  if (soi.length < 2 || soi[0] !== 0xff || soi[1] !== 0xd8) return yield* fail();
  let frame = false;
  let scanned = false;
  /** A marker already read by the scan (the one that ended it). */
  let pending: number | undefined;
  for (;;) {
    let marker: number;
    if (pending !== undefined) {
      marker = pending;
      pending = undefined;
    } else {
      const head = yield* read(2);
      if (head.length < 2) {
        yield* emit(head);
        // Cut off after a scan: kept as it came, as browsers show what they have.
        return scanned || (yield* fail());
      }
      if (head[0] !== 0xff) {
        yield* emit(head);
        return yield* fail();
      }
      marker = head[1]!;
      // Fill bytes before a marker.
      while (marker === 0xff) {
        if (!o.strip) yield* emit(Buffer.from([0xff]));
        const next = yield* read(1);
        if (!next.length) return scanned || (yield* fail());
        marker = next[0]!;
      }
    }
    const markerBytes = Buffer.from([0xff, marker]);
    if (marker === 0xd9) {
      yield* emit(markerBytes);
      if (scanned) return true; // the end: whatever follows is dropped
      return yield* fail();
    }
    if (marker === 0xd8 || isRestart(marker) || marker === 0x01) {
      yield* emit(markerBytes);
      return yield* fail(); // a marker that has no place here
    }
    const lengthBytes = yield* read(2);
    const length = lengthBytes.length === 2 ? lengthBytes.readUInt16BE(0) : 0;
    if (length < 2) {
      yield* emit(Buffer.concat([markerBytes, lengthBytes]));
      return yield* fail();
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const dropped = o.strip && (marker === 0xfe || (isApp && marker !== 0xe0 && marker !== 0xee));
    if (dropped) {
      if (!(yield* skip(length - 2))) return false;
      continue;
    }
    yield* emit(Buffer.concat([markerBytes, lengthBytes]));
    if (isFrame(marker)) {
      const header = yield* read(Math.min(5, length - 2));
      yield* emit(header);
      if (header.length < 5) return yield* fail();
      if (o.fits && !o.fits(header.readUInt16BE(3), header.readUInt16BE(1))) return false;
      frame = true;
      if (!(yield* copy(length - 7))) return yield* fail();
      continue;
    }
    if (!(yield* copy(length - 2))) return yield* fail();
    if (marker !== 0xda) continue;
    if (!frame) return yield* fail();
    // Entropy-coded data, up to the marker that ends it.
    scanned = true;
    for (;;) {
      if (!(yield* copyToFF())) return true; // cut off inside the scan: kept as it came
      yield* read(1); // the 0xFF
      let next = yield* read(1);
      while (next.length && next[0] === 0xff) {
        yield* emit(next); // a fill byte
        next = yield* read(1);
      }
      if (!next.length) {
        if (!o.strip) yield* emit(Buffer.from([0xff]));
        return true;
      }
      const byte = next[0]!;
      if (byte === 0x00 || isRestart(byte)) {
        yield* emit(Buffer.from([0xff, byte]));
        continue;
      }
      pending = byte;
      break;
    }
  }
}
