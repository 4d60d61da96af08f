// Slip pictures: what kind of file an upload is (by its bytes, never by its name or declared type) and the
// text of the QR code on it.
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { SLIP_IMAGE_TYPES } from '@krapao/contract';

export type SlipImageType = (typeof SLIP_IMAGE_TYPES)[number];

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
/** Extensions a name may carry for each type; a name without an extension ('blob') is judged by bytes. */
const EXTENSIONS: Record<SlipImageType, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
};

/**
 * SLIP-1 / DESIGN "Uploads": the type the bytes prove, when they agree with the file name's extension;
 * undefined for anything else (not an image, another image format, a PNG named .exe).
 */
export function imageTypeOf(bytes: Buffer, filename: string): SlipImageType | undefined {
  const type: SlipImageType | undefined = bytes.subarray(0, 8).equals(PNG_MAGIC)
    ? 'image/png'
    : bytes.subarray(0, 3).equals(JPEG_MAGIC)
      ? 'image/jpeg'
      : undefined;
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(filename)?.[1]?.toLowerCase();
  if (!type || (ext !== undefined && !EXTENSIONS[type].includes(ext))) return undefined;
  return type;
}

/** Pictures above this many pixels are not decoded (a decompression bomb, or no slip). */
const MAX_PIXELS = 24_000_000;
/** Large photos are first searched at about this size (fast), then at full size. */
const SEARCH_EDGE_PX = 1_200;

export type QrRead =
  | { ok: true; text: string }
  | { ok: false; reason: 'IMG_SIZE_UNABLE_TO_PROCESS' | 'CANNOT_READ_CROPPED_IMAGE' };

interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The text of the first QR code found on the picture. */
export function readQr(bytes: Buffer, type: SlipImageType): QrRead {
  let image: Rgba;
  try {
    const size = type === 'image/png' ? pngSize(bytes) : undefined;
    if (size && size.width * size.height > MAX_PIXELS)
      return { ok: false, reason: 'IMG_SIZE_UNABLE_TO_PROCESS' };
    image = type === 'image/png' ? decodePng(bytes) : decodeJpeg(bytes);
  } catch (err) {
    const tooLarge = /maxResolutionInMP|maxMemoryUsageInMB/.test(String((err as Error).message));
    return { ok: false, reason: tooLarge ? 'IMG_SIZE_UNABLE_TO_PROCESS' : 'CANNOT_READ_CROPPED_IMAGE' };
  }
  const factor = Math.ceil(Math.max(image.width, image.height) / SEARCH_EDGE_PX);
  const attempts = factor > 1 ? [downscale(image, factor), image] : [image];
  for (const [i, candidate] of attempts.entries()) {
    // Slips are dark on light: the inverted search (a dark-mode screenshot) is left for the last try.
    const found = jsQR(candidate.data, candidate.width, candidate.height, {
      inversionAttempts: i === attempts.length - 1 ? 'attemptBoth' : 'dontInvert',
    });
    if (found?.data) return { ok: true, text: found.data };
  }
  return { ok: false, reason: 'CANNOT_READ_CROPPED_IMAGE' };
}

/** Width and height from the IHDR chunk, read before anything is decoded. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function decodePng(bytes: Buffer): Rgba {
  const png = PNG.sync.read(bytes);
  // A transparent background would read as black: lay the picture on white, as a screen shows it.
  for (let i = 3; i < png.data.length; i += 4) {
    const a = png.data[i]!;
    if (a === 255) continue;
    for (let c = i - 3; c < i; c++) png.data[c] = (png.data[c]! * a + 255 * (255 - a)) / 255;
    png.data[i] = 255;
  }
  return {
    data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    width: png.width,
    height: png.height,
  };
}

function decodeJpeg(bytes: Buffer): Rgba {
  const img = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 256,
  });
  return {
    data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length),
    width: img.width,
    height: img.height,
  };
}

/** Averages factor x factor blocks: a smaller picture with the QR's modules still sharp enough. */
function downscale(src: Rgba, factor: number): Rgba {
  const width = Math.floor(src.width / factor);
  const height = Math.floor(src.height / factor);
  const data = new Uint8ClampedArray(width * height * 4);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * src.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, i += 4) {
          r += src.data[i]!;
          g += src.data[i + 1]!;
          b += src.data[i + 2]!;
        }
      }
      const o = (y * width + x) * 4;
      data[o] = r / area;
      data[o + 1] = g / area;
      data[o + 2] = b / area;
      data[o + 3] = 255;
    }
  }
  return { data, width, height };
}
