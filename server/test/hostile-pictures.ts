// Pictures an attacker uploads as slips (issue 7 item 5): valid files that cost the QR reader far more than
// their bytes suggest.
import { crc32, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** A valid all-white PNG of 1 bit a pixel: it compresses about 1000:1, so 4896 x 4896 is 8 KB. */
export function onebitPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
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
  ihdr.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, no filter, not interlaced
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A white picture: nothing to find, so every search pass runs. */
export function blankPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  return PNG.sync.write(png);
}

/**
 * Black and white stripes `period` pixels apart: 12 KB at 1400 x 1400, and seconds of QR search (every
 * row is full of finder-pattern-like runs).
 */
export function stripesPng(size: number, period: number): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      png.data.fill(x % period < period / 2 ? 0 : 255, i, i + 3);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A small real JPEG whose frame header claims width x height (the scan data stays small). */
export function lyingJpeg(width: number, height: number): Buffer {
  const bytes = Buffer.from(
    jpeg.encode({ width: 16, height: 16, data: Buffer.alloc(16 * 16 * 4, 128) }, 80).data,
  );
  for (let at = 2; at < bytes.length;) {
    const marker = bytes[at + 1]!;
    if (marker === 0xc0 || marker === 0xc2) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no frame header');
}
