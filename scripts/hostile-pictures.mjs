// Pictures an attacker uploads as slips: valid files that cost the QR reader far more than their bytes
// suggest. Plain JavaScript so that both the slip tests and npm run bench:slips (plain node) use the same
// pictures; types in hostile-pictures.d.mts.
import { Buffer } from 'node:buffer';
import { crc32, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

/** A valid greyscale PNG of `depth` bits a pixel whose every row is `row` (the pixels' bytes, unfiltered). */
function greyPng(width, height, depth, row) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, 0, 0, 0, 0], 8); // greyscale, deflate, no filter, not interlaced
  const line = Buffer.concat([Buffer.from([0]), row]);
  const raw = Buffer.alloc(line.length * height);
  for (let y = 0; y < height; y++) line.copy(raw, y * line.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** All white at 1 bit a pixel: it compresses about 1000:1, so 4896 x 4896 is 8 KB. */
export const onebitPng = (width, height) =>
  greyPng(width, height, 1, Buffer.alloc(Math.ceil(width / 8), 0xff));

/** A white picture at 8 bits a pixel: nothing to find, so every search pass runs. */
export const blankPng = (width, height) => greyPng(width, height, 8, Buffer.alloc(width, 0xff));

/**
 * Black and white stripes `period` pixels apart: 4 KB at 1400 x 1400, and seconds of QR search
 * (every row is full of finder-pattern-like runs).
 */
export const stripesPng = (size, period) =>
  greyPng(
    size,
    size,
    8,
    Buffer.from(Array.from({ length: size }, (_, x) => (x % period < period / 2 ? 0 : 255))),
  );

/** A baseline JPEG of one grey: small on disk, every 8 x 8 block still decoded. */
export const greyJpeg = (width, height) =>
  Buffer.from(jpeg.encode({ width, height, data: Buffer.alloc(width * height * 4, 200) }, 30).data);

/** A small real JPEG whose frame header claims width x height (the scan data stays small). */
export function lyingJpeg(width, height) {
  const bytes = Buffer.from(
    jpeg.encode({ width: 16, height: 16, data: Buffer.alloc(16 * 16 * 4, 128) }, 80).data,
  );
  for (let at = 2; at < bytes.length;) {
    const marker = bytes[at + 1];
    if (marker === 0xc0 || marker === 0xc2) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no frame header');
}
