// An S3 API on this machine for the tests (s3rver, files in a temporary folder), on a free port.
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

/** s3rver's own fixed credentials: it checks the signatures made with them. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** STORAGE_URL for this server's bucket under `prefix`, with the credentials in it. */
  storageUrl(prefix: string): string;
  close(): Promise<void>;
}

export async function startS3(bucket = 'krapao-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'krapao-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  writeBeforeAnswering(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storageUrl: (prefix) =>
      `s3://${S3RVER_CREDENTIALS.accessKeyId}:${S3RVER_CREDENTIALS.secretAccessKey}@${bucket}/${prefix}` +
      `?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The part of s3rver's folder store (lib/stores/filesystem.js, 3.7.1) that writeBeforeAnswering replaces. */
interface FolderStore {
  getResourcePath(bucket: string, key: string, kind: 'object'): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: S3Object): Promise<{ size: number; md5: string }>;
}
interface S3Object {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: unknown;
}

/**
 * s3rver answers a PUT (and a multipart upload's completion) once its hashing stream has seen the bytes,
 * before its file has them all: a GET right after declares the full length and sends fewer bytes, and the
 * client waits for the rest. Here the file is written whole first, as S3 does.
 */
function writeBeforeAnswering(server: S3rver) {
  const store = (server as unknown as { store: FolderStore }).store;
  store.putObject = async (object) => {
    const path = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(path), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await pipeline(content, counted, createWriteStream(path));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}
