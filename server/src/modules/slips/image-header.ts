// What a slip picture is before anything decodes it: its type by its bytes, and the size its header
// declares. Both are cheap (a few bytes read), so they run on the main thread, before a picture may queue
// for the QR-reading worker.
import type { SLIP_IMAGE_TYPES } from '@krapao/contract';

export type SlipImageType = (typeof SLIP_IMAGE_TYPES)[number];

/**
 * The most pixels a slip picture may declare: 16 MP. A phone photo is 12 MP (4032 x 3024) on most
 * phones, 12.5 MP on binned 50 MP sensors, 16 MP on some (4624 x 3468); screenshots and the slips banking
 * apps save are 1 to 4 MP. A JPEG above 16 MP rarely fits the 5 MB upload limit anyway (a 24 MP photo
 * is 6 to 10 MB). Decoding 16 MP costs about 2 s of the worker; a 24 MP bomb of 9 KB cost 5 s.
 */
export const MAX_PIXELS = 16_000_000;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
/** Extensions a name may carry for each type; a name without an extension ('blob') is judged by bytes. */
const EXTENSIONS: Record<SlipImageType, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
};

/**
 * SLIP-1: the type the bytes prove, when they agree with the file name's extension;
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

export interface ImageSize {
  width: number;
  height: number;
}

/** The width and height the picture's header declares; undefined when the header cannot be read. */
export function declaredSize(bytes: Buffer, type: SlipImageType): ImageSize | undefined {
  const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

/** What the header says about the work a picture would be: too large, unreadable, or its pixels. */
export function pixelBudget(
  bytes: Buffer,
  type: SlipImageType,
):
  | { ok: true; pixels: number }
  | { ok: false; reason: 'IMG_SIZE_UNABLE_TO_PROCESS' | 'CANNOT_READ_CROPPED_IMAGE' } {
  const size = declaredSize(bytes, type);
  if (!size) return { ok: false, reason: 'CANNOT_READ_CROPPED_IMAGE' };
  const pixels = size.width * size.height;
  return pixels > MAX_PIXELS ? { ok: false, reason: 'IMG_SIZE_UNABLE_TO_PROCESS' } : { ok: true, pixels };
}

/** The IHDR chunk, which a PNG must have first. */
function pngSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The frame header (SOF0-SOF15 but DHT, JPG and DAC, which share the range) that comes before the first
 * scan; segments in between (EXIF with its thumbnail, tables) are skipped by their lengths. The largest
 * frame counts when there are several (hierarchical JPEG).
 */
function jpegSize(bytes: Buffer): ImageSize | undefined {
  let found: ImageSize | undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return found;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7 (and SOI again).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return found; // start of scan, end of image
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return found;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return found;
      const size = { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      if (!found || size.width * size.height > found.width * found.height) found = size;
    }
    at += 2 + length;
  }
  return found;
}
