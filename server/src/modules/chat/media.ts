// CHAT-5: what an uploaded file is, judged by its bytes (never by its name or the browser's type), and
// the picture or video without its metadata (a phone photo's EXIF, a phone video's udta/meta boxes carry
// where it was taken). No decoder runs on the main thread and no native library is needed: PNG and GIF
// are walked by their chunks and blocks, JPEG by its segments, and what is kept is copied byte for byte;
// MP4 and QuickTime are walked by their boxes, and each metadata box is overwritten in place by a 'free'
// box of the same size, so no offset into the media data moves.
import { chat } from '@krapao/contract';

type ChatFileType = chat.ChatFileType;

/**
 * The most pixels a picture may declare. Browsers decode what they show: a 20 KB PNG declaring
 * 100,000 x 100,000 pixels would need 40 GB on the member's phone (and on the operator's screen).
 * 50 MP is above any phone camera's default photo (12 to 50 MP).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ChatContentType = 'image/png' | 'image/jpeg' | 'image/gif' | 'video/mp4' | 'video/quicktime';

export interface Sniffed {
  fileType: ChatFileType;
  contentType: ChatContentType;
  /** The extension the stored file gets: that of the proven type, whatever the upload was named. */
  ext: 'png' | 'jpg' | 'gif' | 'mp4' | 'mov';
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes prove; undefined for anything else (a script named .png, a PDF, a WebM). */
export function sniff(bytes: Buffer): Sniffed | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_MAGIC))
    return { fileType: 'image', contentType: 'image/png', ext: 'png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { fileType: 'image', contentType: 'image/jpeg', ext: 'jpg' };
  const head = bytes.toString('latin1', 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a')
    return { fileType: 'image', contentType: 'image/gif', ext: 'gif' };
  // ISO base media (MP4) and QuickTime both begin with an 'ftyp' box; its major brand tells them apart.
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const size = bytes.readUInt32BE(0);
    if (size < 8 || size > 4096) return undefined;
    const brand = bytes.toString('latin1', 8, 12);
    return brand === 'qt  '
      ? { fileType: 'video', contentType: 'video/quicktime', ext: 'mov' }
      : { fileType: 'video', contentType: 'video/mp4', ext: 'mp4' };
  }
  return undefined;
}

/** The name's extension, lower case; undefined when it has none ('blob', 'photo.'). */
export function extensionOf(filename: string): string | undefined {
  return /\.([A-Za-z0-9]{1,8})$/.exec(filename)?.[1]?.toLowerCase();
}

/** CHAT-5: the name must have an extension, and it must be one of the kind's (an image named .mp4 is not). */
export function nameFits(filename: string, fileType: ChatFileType): boolean {
  const ext = extensionOf(filename);
  const allowed: readonly string[] =
    fileType === 'image' ? chat.CHAT_IMAGE_EXTENSIONS : chat.CHAT_VIDEO_EXTENSIONS;
  return ext !== undefined && allowed.includes(ext);
}

/**
 * The picture as it will be kept: metadata removed, or undefined when its structure cannot be walked or
 * it declares more than MAX_IMAGE_PIXELS (both refused as not supported).
 */
export function cleanImage(bytes: Buffer, contentType: ChatContentType): Buffer | undefined {
  switch (contentType) {
    case 'image/png':
      return cleanPng(bytes);
    case 'image/jpeg':
      return cleanJpeg(bytes);
    case 'image/gif':
      return cleanGif(bytes);
    default:
      return undefined;
  }
}

const fitsBudget = (width: number, height: number) =>
  width > 0 && height > 0 && width * height <= MAX_IMAGE_PIXELS;

/**
 * PNG chunks kept: the critical ones, those that change how the pixels look (transparency, gamma,
 * colour space, background, density) and the animation ones (APNG). Everything else goes, tEXt, zTXt,
 * iTXt (XMP) and eXIf (EXIF) first of all.
 */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function cleanPng(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  if (!fitsBudget(bytes.readUInt32BE(16), bytes.readUInt32BE(20))) return undefined;
  const parts: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return undefined;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (PNG_KEPT.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(parts);
  }
  return undefined; // no IEND: cut off or not a PNG after all
}

/**
 * JPEG segments before the first scan: APP0 (JFIF) and APP14 (Adobe, which says how to read the
 * colours of a CMYK picture) are kept; APP1 to APP13 and APP15 (EXIF, XMP, ICC, maker notes, Photoshop
 * data) and comments are dropped. From the first scan on, the bytes are copied as they are.
 */
function cleanJpeg(bytes: Buffer): Buffer | undefined {
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  let frame = false;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda) {
      if (!frame) return undefined;
      parts.push(bytes.subarray(at));
      return Buffer.concat(parts);
    }
    if (marker === 0xd9 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01)
      return undefined; // no scan before the end, or a marker that has no place here
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 7 || !fitsBudget(bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5))) return undefined;
      frame = true;
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const dropped = marker === 0xfe || (isApp && marker !== 0xe0 && marker !== 0xee);
    if (!dropped) parts.push(bytes.subarray(at, end));
    at = end;
  }
  return undefined;
}

/**
 * GIF blocks: the images and their graphic controls are kept, with the NETSCAPE2.0 application block
 * that makes an animation loop; comments, plain text and other application blocks (XMP) go.
 */
function cleanGif(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 13) return undefined;
  if (!fitsBudget(bytes.readUInt16LE(6), bytes.readUInt16LE(8))) return undefined;
  const flags = bytes[10]!;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  if (at > bytes.length) return undefined;
  const parts: Buffer[] = [bytes.subarray(0, at)];
  /** The end of a run of data sub-blocks starting at `from`, after its 0 terminator. */
  const subBlocksEnd = (from: number): number | undefined => {
    let p = from;
    while (p < bytes.length) {
      const size = bytes[p]!;
      p += 1 + size;
      if (size === 0) return p <= bytes.length ? p : undefined;
    }
    return undefined;
  };
  while (at < bytes.length) {
    const introducer = bytes[at]!;
    if (introducer === 0x3b) {
      parts.push(bytes.subarray(at, at + 1));
      return Buffer.concat(parts);
    }
    if (introducer === 0x2c) {
      if (at + 10 > bytes.length) return undefined;
      if (!fitsBudget(bytes.readUInt16LE(at + 5), bytes.readUInt16LE(at + 7))) return undefined;
      const local = bytes[at + 9]!;
      const data = at + 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1; // + LZW code size
      const end = subBlocksEnd(data);
      if (end === undefined) return undefined;
      parts.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    if (introducer === 0x21) {
      if (at + 2 > bytes.length) return undefined;
      const label = bytes[at + 1]!;
      const end = subBlocksEnd(at + 2);
      if (end === undefined) return undefined;
      const application = label === 0xff ? bytes.toString('latin1', at + 3, at + 14) : '';
      const kept = label === 0xf9 || application === 'NETSCAPE2.0' || application === 'ANIMEXTS1.0';
      if (kept) parts.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    return undefined;
  }
  // Many GIFs in the wild end without the trailer; browsers show them, so one is added.
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/**
 * Boxes walked into on the way to the metadata boxes: the movie, its tracks and what a track holds down
 * to its sample table. Nothing else is entered (the media data and the sample descriptions are never
 * read).
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
 * The video as it will be kept: a copy in which every 'udta', 'meta' and 'uuid' box met on the way
 * through moov, trak, mdia, minf, stbl, edts and dinf (and at the top level) has become a 'free' box of
 * the same size full of zeros, as have existing free and skip boxes. Sizes never change, so the chunk
 * offsets (stco, co64) still point at the same media data and the file plays as before; the movie and
 * track headers (mvhd, tkhd) are kept. Undefined when the structure cannot be walked: the first box is
 * not 'ftyp', a box is smaller than its header or runs past its parent's end, a size 0 ("to the end of
 * the file") anywhere but the top level, or nesting deeper than MP4_MAX_DEPTH. Linear in the file's size.
 */
export function cleanVideo(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 8 || bytes.toString('latin1', 4, 8) !== 'ftyp') return undefined;
  const out = Buffer.from(bytes); // a copy: the caller's buffer is never changed
  const wipe = (start: number, end: number) => {
    const size = end - start;
    out.fill(0, start, end);
    if (size <= 0xffffffff) out.writeUInt32BE(size, start);
    else {
      out.writeUInt32BE(1, start);
      out.writeBigUInt64BE(BigInt(size), start + 8);
    }
    out.write('free', start + 4, 'latin1');
  };
  /** Walks the boxes from `from` to `to`; false when they do not fill it exactly. */
  const walk = (from: number, to: number, depth: number): boolean => {
    if (depth > MP4_MAX_DEPTH) return false;
    let at = from;
    while (at < to) {
      if (to - at < 8) return false;
      let size = out.readUInt32BE(at);
      let header = 8;
      if (size === 1) {
        if (to - at < 16) return false;
        const large = out.readBigUInt64BE(at + 8);
        if (large > BigInt(to - at)) return false;
        size = Number(large);
        header = 16;
      } else if (size === 0) {
        if (depth !== 0) return false; // "to the end of the file" only for the last top-level box
        size = to - at;
      }
      if (size < header || size > to - at) return false;
      const end = at + size;
      const type = out.toString('latin1', at + 4, at + 8);
      if (MP4_METADATA.has(type) || MP4_FREE.has(type)) wipe(at, end);
      else if (MP4_CONTAINERS.has(type) && !walk(at + header, end, depth + 1)) return false;
      at = end;
    }
    return true;
  };
  return walk(0, out.length, 0) ? out : undefined;
}
