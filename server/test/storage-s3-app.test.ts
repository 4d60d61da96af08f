// STORAGE_URL pointing at S3-compatible object storage (an S3 API served on this machine by s3rver): the
// real app keeps slips and chat files in the bucket, under prefixes of their own, and serves them itself.
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slipSchema } from '@krapao/contract';
import { cleanImage } from '../src/modules/chat/media.ts';
import { s3Bucket } from '../src/providers/storage/s3-storage.ts';
import { parseStorageUrl, type S3Target } from '../src/providers/storage/storage-url.ts';
import { headersOf, multipart, newGuest, OPS_TOKEN } from './chat-helpers.ts';
import {
  baseUrl,
  call,
  makeApp,
  registerAndLogin,
  simBank,
  type SimTransfer,
  type TestApp,
} from './helpers.ts';
import { startS3, type LocalS3 } from './s3rver.ts';

let s3: LocalS3;
let t: TestApp;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3();
  t = await makeApp({ OPS_TOKEN, STORAGE_URL: s3.storageUrl('krapao') });
  // The app's own client settings (s3rver checks no response checksums).
  client = await s3Bucket(parseStorageUrl(s3.storageUrl('')) as S3Target).client();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const objectBytes = async (key: string) => {
  const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
};
const keysUnder = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map(
    (o) => o.Key!,
  );

/** A small MP4 whose media data is `size` bytes: more than one of the 5 MiB parts S3 takes. */
function mp4(size: number) {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  const mdat = Buffer.alloc(8 + size, 7);
  mdat.writeUInt32BE(8 + size, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

describe('files in S3-compatible storage (STORAGE_URL)', () => {
  it('[CHAT-5] a chat picture and video go to the bucket under chat/, cleaned, and are served by the server in ranges', async () => {
    const g = await newGuest(t.app);
    // A picture with an EXIF segment, as a phone writes it.
    const plain = jpeg.encode({ width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 128) }, 80).data;
    const exif = Buffer.from('\xff\xe1\x00\x13Exif\0\0GPS 13.7563', 'latin1');
    const raw = Buffer.concat([plain.subarray(0, 2), exif, plain.subarray(2)]);
    const cleaned = cleanImage(raw, 'image/jpeg')!;
    expect(cleaned).toEqual(plain);
    const video = mp4(6 * 1024 * 1024);
    const paths: string[] = [];
    for (const [kind, name, bytes] of [
      ['image', 'photo.jpg', raw],
      ['video', 'clip.mp4', video],
    ] as const) {
      const body = multipart(name, bytes);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/chat/upload-${kind}`,
        headers: { 'content-type': body.contentType, ...headersOf(g).headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      paths.push((JSON.parse(res.body) as { filePath: string }).filePath);
    }
    const [picture, clip] = paths.map((p) => p.split('/').pop()!);
    expect(await objectBytes(`krapao/chat/chat/${picture}`)).toEqual(cleaned);
    expect((await t.app.inject({ method: 'GET', url: paths[0]! })).rawPayload).toEqual(cleaned);
    // Buffer.equals: a deep toEqual of 6 MB compares for a minute.
    expect((await objectBytes(`krapao/chat/chat/${clip}`)).equals(video)).toBe(true);
    const range = await t.app.inject({ method: 'GET', url: paths[1]!, headers: { range: 'bytes=24-35' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 24-35/${video.length}`);
    expect(range.rawPayload).toEqual(video.subarray(24, 36));
  });

  it('[SLIP-1] a slip picture goes to the bucket under slips/, is read from there and credits, and is served by the server', async () => {
    const { reg, token } = await registerAndLogin(t.app);
    const sent = await simBank(t.app, '/transfers', {
      fromBankCode: reg.bankCode,
      fromAccountNo: reg.bankAccountNo,
      toAccountNo: '0481234567',
      amount: 321,
      report: false,
    });
    const transfer = sent.body as SimTransfer;
    const picture = Buffer.from(
      await (await fetch(`${baseUrl(t.app)}/sim/bank/transfers/${transfer.transRef}/slip.png`)).arrayBuffer(),
    );
    const body = multipart('slip.png', picture, 'file', 'image/png');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const { slipId } = slipSchema.parse(JSON.parse(up.body));
    const [key] = await keysUnder('krapao/slips/');
    expect(key).toMatch(new RegExp(`^krapao/slips/\\d{4}/\\d{2}/\\d{2}/${slipId}\\.png$`));
    expect(await objectBytes(key!)).toEqual(picture);
    await t.app.verifySlips();
    const list = await call(t.app, 'POST', '/api/statement/slip', { token, body: { page: 1, limit: 10 } });
    expect((list.body.slips as Array<{ status: string }>)[0]).toMatchObject({
      status: 'SUCCESS',
      amount: 321,
    });
    const link = await call(t.app, 'GET', `/api/statement/slip/reference/${slipId}`, { token });
    const image = await t.app.inject({ method: 'GET', url: (link.body as { url: string }).url });
    expect(image.rawPayload).toEqual(picture);
  });
});
