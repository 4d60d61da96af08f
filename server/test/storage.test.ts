// The file stores' one contract (providers/storage/storage.ts), held by both adapters: a folder on disk,
// and S3-compatible object storage (an S3 API served on this machine by s3rver). Then STORAGE_URL, as
// config.ts reads it.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { diskStore } from '../src/providers/storage/disk-storage.ts';
import { s3Bucket } from '../src/providers/storage/s3-storage.ts';
import { parseStorageUrl, type S3Target } from '../src/providers/storage/storage-url.ts';
import { putStream, type FileStore } from '../src/providers/storage/storage.ts';
import { startS3, type LocalS3 } from './s3rver.ts';

/** `size` bytes of a pattern, as a stream of 64 KB chunks made as they are read. */
function patterned(size: number): Readable {
  async function* chunks() {
    for (let at = 0; at < size; at += 65_536) {
      const chunk = Buffer.alloc(Math.min(65_536, size - at));
      for (let i = 0; i < chunk.length; i++) chunk[i] = (at + i) % 251;
      yield chunk;
    }
  }
  return Readable.from(chunks());
}

const sha256 = async (stream: AsyncIterable<Buffer>) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
};

const text = async (stream: Readable | undefined) => {
  expect(stream).toBeDefined();
  return Buffer.concat(await stream!.toArray()).toString();
};

/** The contract, against one adapter. */
function storeContract(name: string, open: () => Promise<{ store: FileStore; close(): Promise<void> }>) {
  describe(`[prod] the ${name} file store`, () => {
    let store: FileStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it('[prod] puts, gets, replaces and deletes; a missing key is undefined, deleting it no error', async () => {
      expect(await store.put('a.txt', Buffer.from('first'))).toBe(5);
      expect((await store.get('a.txt'))?.toString()).toBe('first');
      expect(await store.put('a.txt', Readable.from([Buffer.from('sec'), Buffer.from('ond')]))).toBe(6);
      expect(await text(await store.read('a.txt'))).toBe('second');
      await store.delete('a.txt');
      expect(await store.get('a.txt')).toBeUndefined();
      expect(await store.read('a.txt')).toBeUndefined();
      await store.delete('a.txt');
      await store.delete('never/was.txt');
    });

    it("[prod] keys with '/' are kept apart, and read in byte ranges", async () => {
      await store.put('2026/11/21/x.png', Buffer.from('0123456789'));
      await store.put('2026/11/22/x.png', Buffer.from('abcdefghij'));
      expect((await store.get('2026/11/21/x.png'))?.toString()).toBe('0123456789');
      expect(await text(await store.read('2026/11/22/x.png', { start: 2, end: 4 }))).toBe('cde');
      expect(await text(await store.read('2026/11/22/x.png', { start: 9, end: 9 }))).toBe('j');
      await store.delete('2026/11/21/x.png');
      expect((await store.get('2026/11/22/x.png'))?.toString()).toBe('abcdefghij');
    });

    it('[prod] a large object goes in and comes out as streams', async () => {
      const size = 12 * 1024 * 1024 + 123; // more than two of S3's 5 MiB parts
      expect(await store.put('big/video.mp4', patterned(size))).toBe(size);
      expect(await sha256((await store.read('big/video.mp4'))!)).toBe(await sha256(patterned(size)));
      const tail = Buffer.concat(
        await (await store.read('big/video.mp4', { start: size - 3, end: size - 1 }))!.toArray(),
      );
      expect([...tail]).toEqual([size - 3, size - 2, size - 1].map((i) => i % 251));
      await store.delete('big/video.mp4');
    });

    it('[prod] a body that fails leaves nothing under its key (or what was there), and put answers its error', async () => {
      await store.put('kept.bin', Buffer.from('before'));
      for (const size of [1_000, 6 * 1024 * 1024]) {
        const failing = async function* () {
          yield* patterned(size);
          throw new Error('the upload broke off');
        };
        await expect(putStream(store, 'broken.bin', failing())).rejects.toThrow('the upload broke off');
        await expect(putStream(store, 'kept.bin', failing())).rejects.toThrow('the upload broke off');
        expect(await store.get('broken.bin')).toBeUndefined();
        expect((await store.get('kept.bin'))?.toString()).toBe('before');
      }
      const capped = putStream(store, 'capped.bin', patterned(100_000), {
        maxBytes: 70_000,
        tooMuch: () => new Error('over the cap'),
      });
      await expect(capped).rejects.toThrow('over the cap');
      expect(await store.get('capped.bin')).toBeUndefined();
    });

    it('[prod] a key the server could not have made is refused before anything is touched', async () => {
      for (const key of [
        '',
        '../x',
        'a/../../x',
        '/abs',
        'a//b',
        'a/./b',
        'sp ace',
        'x'.repeat(201),
        'ü.png',
      ]) {
        await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
        await expect(store.get(key)).rejects.toThrow(/invalid storage key/);
        await expect(store.read(key)).rejects.toThrow(/invalid storage key/);
        await expect(store.delete(key)).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

storeContract('folder', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'krapao-store-'));
  const store = diskStore(folder);
  return {
    store: {
      ...store,
      // No temporary file outlives a put, whatever came of it.
      async put(key, body) {
        try {
          return await store.put(key, body);
        } finally {
          const left = (dir: string): string[] =>
            readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
              e.isDirectory() ? left(join(dir, e.name)) : e.name.endsWith('.tmp') ? [e.name] : [],
            );
          expect(left(folder)).toEqual([]);
        }
      },
    },
    close: async () => rmSync(folder, { recursive: true, force: true }),
  };
});

storeContract('S3', async () => {
  const s3: LocalS3 = await startS3();
  const target = parseStorageUrl(s3.storageUrl('contract')) as S3Target;
  return { store: s3Bucket(target).store(target.prefix), close: () => s3.close() };
});

describe('[prod] STORAGE_URL', () => {
  it('[prod] none or a file: URL keeps folders; SLIP_STORAGE_DIR and CHAT_STORAGE_DIR still win', () => {
    const none = loadConfig({ DATA_DIR: '/srv/krapao' });
    expect([none.storage, none.slipStorageDir, none.chatStorageDir]).toEqual([
      { kind: 'folder', root: undefined },
      '/srv/krapao/slips',
      '/srv/krapao/chat',
    ]);
    const file = loadConfig({ STORAGE_URL: 'file:///mnt/shared/files', SLIP_STORAGE_DIR: '/mnt/slips' });
    expect([file.slipStorageDir, file.chatStorageDir]).toEqual(['/mnt/slips', '/mnt/shared/files/chat']);
  });

  it('[prod] an s3: URL names the bucket, its prefix, the service and the credentials', () => {
    expect(
      loadConfig({
        STORAGE_URL:
          's3://ID:se%2Fcret@krapao-files/prod/eu?endpoint=http://127.0.0.1:4569&region=ap-southeast-1&forcePathStyle=true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'krapao-files',
      prefix: 'prod/eu/',
      endpoint: 'http://127.0.0.1:4569',
      region: 'ap-southeast-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'ID', secretAccessKey: 'se/cret' },
    });
    // Credentials from the SDK's chain, the region from AWS_REGION.
    expect(
      loadConfig({ STORAGE_URL: 's3://krapao-files', AWS_REGION: 'ap-southeast-1' }).storage,
    ).toMatchObject({
      prefix: '',
      region: 'ap-southeast-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('[prod] a bad one stops the start, naming the variable', () => {
    for (const [url, why] of [
      ['s3://krapao-files/x', /no region/],
      ['s3://Krapao_Files?region=x', /bucket name/],
      ['s3://krapao-files/a%20b?region=x', /prefix/],
      ['s3://krapao-files?region=x&endpont=http://h', /unknown parameter endpont/],
      ['s3://krapao-files?region=x&endpoint=ftp://h', /endpoint/],
      ['s3://ID@krapao-files?region=x', /credentials/],
      ['gs://krapao-files', /not a storage/],
      ['file:///x?y=1', /folder/],
      ['not a url', /not a URL/],
    ] as const)
      expect(() => loadConfig({ STORAGE_URL: url })).toThrow(new RegExp(`STORAGE_URL: .*${why.source}`));
  });
});
