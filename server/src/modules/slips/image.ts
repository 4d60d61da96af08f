// Slip pictures: the text of the QR code on one, read on the QR worker (qr-worker.ts). The header was
// checked on the main thread first (image-header.ts); it is checked again here, since a decoder must never
// be handed a picture above the pixel budget.
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { MAX_PIXELS, pixelBudget, type SlipImageType } from './image-header.ts';

/** Large photos are first searched at about this size (fast: a slip photo's QR is large)... */
const SEARCH_EDGE_PX = 1_200;
/** ...then at about this size, for a QR small in the frame... */
const SECOND_SEARCH_EDGE_PX = 2_400;
/** ...and at full size only up to this many pixels (a full-size search costs about 75 ms a megapixel). */
const FULL_SEARCH_MAX_PIXELS = 8_000_000;

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
  const budget = pixelBudget(bytes, type);
  if (!budget.ok) return budget;
  let image: Rgba;
  try {
    image = type === 'image/png' ? decodePng(bytes) : decodeJpeg(bytes);
  } catch (err) {
    const tooLarge = /maxResolutionInMP|maxMemoryUsageInMB/.test(String((err as Error).message));
    return { ok: false, reason: tooLarge ? 'IMG_SIZE_UNABLE_TO_PROCESS' : 'CANNOT_READ_CROPPED_IMAGE' };
  }
  const attempts = searchFactors(image).map((f) => () => (f === 1 ? image : downscale(image, f)));
  for (const [i, candidate] of attempts.entries()) {
    const picture = candidate();
    // Slips are dark on light: the inverted search (a dark-mode screenshot) is left for the last try.
    const found = jsQR(picture.data, picture.width, picture.height, {
      inversionAttempts: i === attempts.length - 1 ? 'attemptBoth' : 'dontInvert',
    });
    if (found?.data) return { ok: true, text: found.data };
  }
  return { ok: false, reason: 'CANNOT_READ_CROPPED_IMAGE' };
}

/** The downscale factors to search at, smallest picture first; 1 is full size. */
function searchFactors({ width, height }: Rgba): number[] {
  const edge = Math.max(width, height);
  const factors = [Math.ceil(edge / SEARCH_EDGE_PX), Math.ceil(edge / SECOND_SEARCH_EDGE_PX)];
  if (width * height <= FULL_SEARCH_MAX_PIXELS) factors.push(1);
  return [...new Set(factors.map((f) => Math.max(1, f)))];
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
    // A 16 MP picture decodes into 64 MB of RGBA plus its components.
    maxMemoryUsageInMB: 512,
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
