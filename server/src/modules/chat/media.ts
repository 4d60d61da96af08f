// CHAT-5: what an uploaded file is, judged by its bytes (never by its name or the browser's type), and
// the picture or video without its metadata (a phone photo's EXIF, a phone video's udta/meta boxes carry
// where it was taken). No decoder runs on the main thread and no native library is needed: PNG and GIF
// are walked by their chunks and blocks, JPEG by its segments up to its end (lib/jpeg-walk.ts), and what
// is kept is copied byte for byte; MP4 and QuickTime are walked by their boxes (video.ts), and each
// metadata box is overwritten in place by a 'free' box of the same size, so no offset into the media data
// moves. Each walk goes once front to back (lib/byte-walk.ts): over an upload as it streams into the
// store (cleanedStream), or over bytes in memory (cleanImage, cleanVideo).
import { chat } from '@krapao/contract';
import { copy, emit, read, skip, walkBuffer, walkStream, type Walk } from '../../lib/byte-walk.ts';
import { walkJpeg } from '../../lib/jpeg-walk.ts';
import { cleanVideo, walkMp4 } from './video.ts';

export { cleanVideo };

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

/** Bytes enough for sniff to judge a file by. */
export const SNIFF_BYTES = 12;

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
  const walk = walkOf(contentType);
  return walk && contentType.startsWith('image/') ? walkBuffer(bytes, walk) : undefined;
}

/**
 * The upload as it will be stored, while it arrives: the walk of its proven type keeping what it keeps.
 * Throws NotWalkable (lib/byte-walk.ts) where cleanImage or cleanVideo would answer undefined.
 */
export function cleanedStream(content: AsyncIterable<Buffer>, type: Sniffed): AsyncGenerator<Buffer, void> {
  return walkStream(content, walkOf(type.contentType)!);
}

function walkOf(contentType: ChatContentType): Walk | undefined {
  switch (contentType) {
    case 'image/png':
      return walkPng();
    case 'image/jpeg':
      return walkJpeg({ strip: true, fits: fitsBudget });
    case 'image/gif':
      return walkGif();
    case 'video/mp4':
    case 'video/quicktime':
      return walkMp4();
    default:
      return undefined;
  }
}

const fitsBudget = (width: number, height: number) =>
  width > 0 && height > 0 && width * height <= MAX_IMAGE_PIXELS;

/**
 * PNG chunks kept: the critical ones, those that change how the pixels look (transparency, gamma,
 * colour space, background, density) and the animation ones (APNG). Everything else goes, tEXt, zTXt,
 * iTXt (XMP) and eXIf (EXIF) first of all, and whatever follows IEND.
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

function* walkPng(): Walk {
  const signature = yield* read(8);
  const ihdr = yield* read(16); // the first chunk's length and type, then the width and height
  if (signature.length < 8 || ihdr.length < 16 || ihdr.toString('latin1', 4, 8) !== 'IHDR') return false;
  const length = ihdr.readUInt32BE(0);
  if (length < 8 || !fitsBudget(ihdr.readUInt32BE(8), ihdr.readUInt32BE(12))) return false;
  yield* emit(Buffer.concat([signature, ihdr]));
  if (!(yield* copy(length - 8 + 4))) return false;
  for (;;) {
    const head = yield* read(8);
    if (head.length < 8) return false; // no IEND: cut off or not a PNG after all
    const size = head.readUInt32BE(0) + 4; // the data and the CRC
    const type = head.toString('latin1', 4, 8);
    if (PNG_KEPT.has(type)) {
      yield* emit(head);
      if (!(yield* copy(size))) return false;
    } else if (!(yield* skip(size))) return false;
    if (type === 'IEND') return true;
  }
}

/** The size of a colour table its flags declare. */
const tableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);

/** Data sub-blocks up to their 0 terminator, kept or dropped; false when the file ends first. */
function* subBlocks(keep: boolean): Walk {
  for (;;) {
    const size = yield* read(1);
    if (!size.length) return false;
    if (keep) yield* emit(size);
    if (size[0] === 0) return true;
    if (!(yield* keep ? copy(size[0]!) : skip(size[0]!))) return false;
  }
}

/**
 * GIF blocks: the images and their graphic controls are kept, with the NETSCAPE2.0 application block
 * that makes an animation loop; comments, plain text and other application blocks (XMP) go.
 */
function* walkGif(): Walk {
  const screen = yield* read(13);
  if (screen.length < 13 || !fitsBudget(screen.readUInt16LE(6), screen.readUInt16LE(8))) return false;
  yield* emit(screen);
  if (!(yield* copy(tableSize(screen[10]!)))) return false;
  for (;;) {
    const introducer = yield* read(1);
    // Many GIFs in the wild end without the trailer; browsers show them, so one is added.
    if (!introducer.length || introducer[0] === 0x3b) {
      yield* emit(Buffer.from([0x3b]));
      return true;
    }
    if (introducer[0] === 0x2c) {
      const descriptor = yield* read(9);
      if (descriptor.length < 9) return false;
      if (!fitsBudget(descriptor.readUInt16LE(4), descriptor.readUInt16LE(6))) return false;
      yield* emit(Buffer.concat([introducer, descriptor]));
      if (!(yield* copy(tableSize(descriptor[8]!) + 1))) return false; // + the LZW code size
      if (!(yield* subBlocks(true))) return false;
      continue;
    }
    if (introducer[0] !== 0x21) return false;
    const label = yield* read(1);
    if (!label.length) return false;
    if (label[0] !== 0xff) {
      const kept = label[0] === 0xf9;
      if (kept) yield* emit(Buffer.concat([introducer, label]));
      if (!(yield* subBlocks(kept))) return false;
      continue;
    }
    // An application block: its first sub-block names it.
    const size = yield* read(1);
    if (!size.length) return false;
    const id = yield* read(size[0]!);
    if (id.length < size[0]!) return false;
    const application = id.toString('latin1', 0, 11);
    const kept = application === 'NETSCAPE2.0' || application === 'ANIMEXTS1.0';
    if (kept) yield* emit(Buffer.concat([introducer, label, size, id]));
    if (size[0] !== 0 && !(yield* subBlocks(kept))) return false;
  }
}
