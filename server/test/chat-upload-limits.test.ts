// CHAT-5: chat storage that cannot be abused. Uploads stream into the store (one over the limit is
// refused while it is still arriving), a day's files and bytes are counted per visitor, member and
// visitors' address, files never sent go after a day and sent ones after chat.fileRetentionDays, and a
// JPEG keeps nothing after its end (a phone's second picture, with its own location, lives there).
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { chat } from '@krapao/contract';
import { cleanImage } from '../src/modules/chat/media.ts';
import { allMessages, headersOf, multipart, newGuest, OPS_TOKEN, send, type Who } from './chat-helpers.ts';
import { call, expectError, registerAndLogin, useTestApp } from './helpers.ts';

const chatDir = mkdtempSync(join(tmpdir(), 'krapao-chat-limits-'));
afterAll(() => rmSync(chatDir, { recursive: true, force: true }));
const t = useTestApp({ OPS_TOKEN, CHAT_STORAGE_DIR: chatDir });

const HOUR_MS = 3_600_000;

/** A PNG of random pixels: about 4 bytes a pixel, whatever deflate tries. */
function noisyPng(width = 4, height = 3) {
  const image = new PNG({ width, height });
  image.data.set(randomBytes(image.data.length));
  return PNG.sync.write(image);
}

/** A chat upload from a given address (each visitor, by default, from one of their own). */
async function uploadFrom(who: Who, bytes: Buffer, remoteAddress = '127.0.0.1', name = 'photo.png') {
  const body = multipart(name, bytes);
  const h = headersOf(who);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/upload-image',
    remoteAddress,
    headers: {
      'content-type': body.contentType,
      ...(h.token ? { authorization: `Bearer ${h.token}` } : {}),
      ...h.headers,
    },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    body: JSON.parse(res.body) as Record<string, unknown> & { message?: string },
  };
}

const storedFiles = () => {
  try {
    return readdirSync(join(chatDir, 'chat')).length;
  } catch {
    return 0;
  }
};
const fileRows = async () =>
  Number((await t.db.query<{ n: string }>('select count(*) as n from chat_files'))[0]!.n);

async function withSetting(key: string, value: unknown, run: () => Promise<void>) {
  await t.db.query(
    `insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
    [key, JSON.stringify(value)],
  );
  try {
    await run();
  } finally {
    await t.db.query('delete from settings where key = $1', [key]);
  }
}

let addressSeq = 0;
/** An address no other test of the file uploads from (198.51.100.0/24, set aside for documentation). */
const freshAddress = () => `198.51.100.${++addressSeq}`;

describe('chat upload quotas', () => {
  it('[CHAT-5] a visitor uploading more files than chat.uploadsPerDay allows is refused CHAT_UPLOAD_LIMIT, nothing stored, until a day has passed', async () => {
    await withSetting('chat.uploadsPerDay', { guest: 2 }, async () => {
      const address = freshAddress();
      const g = await newGuest(t.app);
      for (let i = 0; i < 2; i++) expect((await uploadFrom(g, noisyPng(), address)).status).toBe(200);
      const [rows, files] = [await fileRows(), storedFiles()];
      expectError(await uploadFrom(g, noisyPng(), address), 429, 'CHAT_UPLOAD_LIMIT');
      expect([await fileRows(), storedFiles()]).toEqual([rows, files]);
      // Another visitor has a count of their own.
      expect((await uploadFrom(await newGuest(t.app), noisyPng(), address)).status).toBe(200);
      t.clock.advance(24 * HOUR_MS + 1000);
      expect((await uploadFrom(g, noisyPng(), address)).status).toBe(200);
    });
  });

  it('[CHAT-5] a member uploading more bytes than chat.uploadMegabytesPerDay allows is refused CHAT_UPLOAD_LIMIT on the way in, nothing stored', async () => {
    await withSetting('chat.uploadMegabytesPerDay', { member: 0.05 }, async () => {
      const m = await registerAndLogin(t.app);
      const picture = noisyPng(100, 100); // about 40 KB of the day's 50
      expect(picture.length).toBeGreaterThan(40_000);
      expect((await uploadFrom(m, picture)).status).toBe(200);
      const [rows, files] = [await fileRows(), storedFiles()];
      expectError(await uploadFrom(m, noisyPng(100, 100)), 429, 'CHAT_UPLOAD_LIMIT');
      expect([await fileRows(), storedFiles()]).toEqual([rows, files]);
      // What is left of the day still takes a small picture; the refused one counted nothing.
      expect((await uploadFrom(m, noisyPng(20, 20))).status).toBe(200);
      expect((await uploadFrom(m, noisyPng(20, 20))).status).toBe(200);
    });
  });

  it('[CHAT-5] new visitors from one address share its count (chat.uploadsPerDay address); members and other addresses do not', async () => {
    await withSetting('chat.uploadsPerDay', { address: 3 }, async () => {
      const address = freshAddress();
      for (let i = 0; i < 3; i++)
        expect((await uploadFrom(await newGuest(t.app), noisyPng(), address)).status).toBe(200);
      const [rows, files] = [await fileRows(), storedFiles()];
      expectError(await uploadFrom(await newGuest(t.app), noisyPng(), address), 429, 'CHAT_UPLOAD_LIMIT');
      expect([await fileRows(), storedFiles()]).toEqual([rows, files]);
      expect((await uploadFrom(await newGuest(t.app), noisyPng(), freshAddress())).status).toBe(200);
      expect((await uploadFrom(await registerAndLogin(t.app), noisyPng(), address)).status).toBe(200);
    });
  });
});

describe('chat uploads stream', () => {
  /**
   * Sends a picture upload over HTTP, `total` bytes of it, and ends the request only once the answer has
   * come: a server that read the whole body before answering would never answer.
   */
  async function answeredWhileSending(who: { guestToken: string }, filename: string, total: number) {
    const { port } = t.app.server.address() as { port: number };
    const boundary = `----krapao${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024);
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/chat/upload-image',
        agent: false,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          [chat.CHAT_GUEST_HEADER]: who.guestToken,
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()) });
          req.end(`\r\n--${boundary}--\r\n`);
        });
      });
      const start = noisyPng();
      req.write(Buffer.concat([head, start]));
      let sent = start.length;
      const more = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
      };
      more();
    });
  }

  it('[CHAT-5] a picture over the limit is refused CHAT_FILE_TOO_LARGE while it is still being sent, and nothing is stored', async () => {
    const g = await newGuest(t.app);
    const [rows, files] = [await fileRows(), storedFiles()];
    const answer = await answeredWhileSending(g, 'big.png', chat.CHAT_IMAGE_MAX_BYTES + 1024 * 1024);
    expect(answer).toEqual({ status: 413, body: { message: 'CHAT_FILE_TOO_LARGE' } });
    // Refused before a byte of it is read: the rest of the request is read and dropped as it comes.
    expect(await answeredWhileSending(g, 'no-extension', 2 * 1024 * 1024)).toEqual({
      status: 400,
      body: { message: 'CHAT_FILE_NOT_SUPPORTED' },
    });
    expect([await fileRows(), storedFiles()]).toEqual([rows, files]);
    // The server goes on answering.
    expect((await uploadFrom(g, noisyPng())).status).toBe(200);
  });
});

describe('chat file lifetimes', () => {
  const served = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).statusCode;

  it('[CHAT-5] a file never sent is removed a day after its upload by the sweeper; a sent one stays until chat.fileRetentionDays', async () => {
    const g = await newGuest(t.app);
    const unsent = (await uploadFrom(g, noisyPng(), freshAddress())).body.filePath as string;
    const sent = (await uploadFrom(g, noisyPng(), freshAddress())).body.filePath as string;
    const message = await send(t.app, g, {
      message_type: 'media',
      payload: { fileType: 'image', filePath: sent },
    });
    expect(message.status).toBe(200);
    const isStored = (path: string) => existsSync(join(chatDir, 'chat', path.split('/').pop()!));

    t.clock.advance(23 * HOUR_MS);
    await t.app.purgeChatFiles();
    expect([await served(unsent), await served(sent)]).toEqual([200, 200]);

    t.clock.advance(2 * HOUR_MS);
    expect(await t.app.purgeChatFiles()).toBeGreaterThanOrEqual(1);
    expect([await served(unsent), await served(sent)]).toEqual([404, 200]);
    expect([isStored(unsent), isStored(sent)]).toEqual([false, true]);
    // Gone for good: it can no longer be sent.
    expectError(
      await send(t.app, g, { message_type: 'media', payload: { fileType: 'image', filePath: unsent } }),
      400,
      'CHAT_FILE_UNKNOWN',
    );

    await withSetting('chat.fileRetentionDays', 2, async () => {
      t.clock.advance(22 * HOUR_MS); // 47 hours after the upload
      await t.app.purgeChatFiles();
      expect(await served(sent)).toBe(200);
      t.clock.advance(2 * HOUR_MS);
      expect(await t.app.purgeChatFiles()).toBeGreaterThanOrEqual(1);
      expect(await served(sent)).toBe(404);
      expect(isStored(sent)).toBe(false);
      // The message stays, its link answers NOT_FOUND.
      expect((await allMessages(t.app, g)).some((m) => JSON.stringify(m.message).includes(sent))).toBe(true);
    });
  });
});

/** A JPEG segment: marker, 16-bit length, data. */
function segment(marker: number, data: Buffer) {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}
/** Inserts segments after a JPEG's start-of-image. */
const withSegments = (image: Buffer, ...segments: Buffer[]) =>
  Buffer.concat([image.subarray(0, 2), ...segments, image.subarray(2)]);

/**
 * A phone's JPEG: the picture (random pixels, so its entropy-coded data has stuffed 0xFF00 bytes), an
 * EXIF segment with a thumbnail (a whole JPEG, with its own end marker), and after the picture's end a
 * second picture with EXIF and a location of its own, as a depth map or a motion photo's is.
 */
function phoneJpeg() {
  const picture = jpeg.encode({ width: 64, height: 64, data: randomBytes(64 * 64 * 4) }, 95).data;
  const thumbnail = jpeg.encode({ width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 90) }, 50).data;
  const exif = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0GPS 13.7563 100.5018 '), thumbnail]));
  const depthMap = withSegments(
    jpeg.encode({ width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 30) }, 50).data,
    segment(0xe1, Buffer.from('Exif\0\0GPS 18.7883 98.9853 trailer')),
  );
  return { picture, exif, thumbnail, whole: Buffer.concat([withSegments(picture, exif), depthMap]) };
}

describe('a JPEG ends at its end-of-image', () => {
  it('[CHAT-5] a JPEG with a second picture after its end is kept without it, and without its own EXIF', async () => {
    const { picture, whole } = phoneJpeg();
    expect(picture.includes(Buffer.from([0xff, 0x00]))).toBe(true); // stuffed bytes in the scan
    expect(cleanImage(whole, 'image/jpeg')).toEqual(picture);
    const g = await newGuest(t.app);
    const up = await uploadFrom(g, whole, freshAddress(), 'IMG_0001.jpg');
    expect(up.status).toBe(200);
    const kept = (await t.app.inject({ method: 'GET', url: up.body.filePath as string })).rawPayload;
    expect(kept).toEqual(picture);
    for (const secret of ['GPS', 'trailer', '98.9853'])
      expect(kept.includes(Buffer.from(secret))).toBe(false);
    expect(jpeg.decode(kept).width).toBe(64);
  });

  it('[CHAT-5] a JPEG cut off inside its scan is kept as it came; one whose segments run past the file is refused', () => {
    const { picture } = phoneJpeg();
    const cut = picture.subarray(0, picture.length - 20);
    expect(cleanImage(cut, 'image/jpeg')).toEqual(cut);
    const overlong = withSegments(picture, segment(0xe0, Buffer.alloc(10)));
    overlong.writeUInt16BE(60_000, 4);
    expect(cleanImage(overlong.subarray(0, 200), 'image/jpeg')).toBeUndefined();
  });
});

describe('a slip JPEG ends at its end-of-image', () => {
  it('[SLIP-1] a JPEG slip is stored up to its end-of-image, nothing after it; its segments are kept as sent', async () => {
    const { picture, exif, whole } = phoneJpeg();
    // A comment holding the end marker's bytes: taken by its length, never for the end.
    const comment = segment(0xfe, Buffer.from([0x41, 0xff, 0xd9, 0x42]));
    const sent = Buffer.concat([
      withSegments(picture, exif, comment),
      whole.subarray(withSegments(picture, exif).length),
    ]);
    const { token } = await registerAndLogin(t.app);
    const body = multipart('IMG_2041.jpg', sent, 'file', 'image/jpeg');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const slipId = (JSON.parse(up.body) as { slipId: string }).slipId;
    const link = await call(t.app, 'GET', `/api/statement/slip/reference/${slipId}`, { token });
    const kept = (await t.app.inject({ method: 'GET', url: (link.body as { url: string }).url })).rawPayload;
    expect(kept).toEqual(withSegments(picture, exif, comment));
    expect(kept.includes(Buffer.from('trailer'))).toBe(false);
    await t.app.verifySlips();
  });
});
