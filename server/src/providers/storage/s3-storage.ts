import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Target } from './storage-url.ts';
import { checkedKey, type FileStore } from './storage.ts';

/**
 * A body of unknown length goes up in parts of this size, one at a time: the SDK's multipart upload
 * (@aws-sdk/lib-storage) holds one part in memory, and S3 takes no part under 5 MiB but the last. A body
 * that ends before is sent as one PutObject.
 */
const PART_BYTES = 5 * 1024 * 1024;

/** The SDK, loaded on first use: a third of a second at every start of a server that keeps folders. */
const sdk = async () => {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
};

/** STORAGE_URL's bucket: one client (made on first use) serves the stores of every prefix. */
export function s3Bucket(target: S3Target): {
  store(prefix: string): FileStore;
  client(): Promise<S3Client>;
} {
  let made: Promise<S3Client> | undefined;
  const client = () => (made ??= newClient(target));
  return { client, store: (prefix) => s3Store(client, target.bucket, prefix) };
}

async function newClient(target: S3Target): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    region: target.region,
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    forcePathStyle: target.forcePathStyle,
    ...(target.credentials ? { credentials: target.credentials } : {}),
    // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer in aws-chunked bodies)
    // is refused or mis-stored by many S3-compatible services, and the bytes are checked by the walk
    // that wrote them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/**
 * Objects of one bucket under a prefix (slips/ or chat/ of STORAGE_URL's), a key's '/' parts as they
 * are. Members never see a bucket address: the server reads the objects and serves them itself.
 */
function s3Store(client: () => Promise<S3Client>, bucket: string, prefix: string): FileStore {
  const keyOf = (key: string) => `${prefix}${checkedKey(key)}`;
  const missing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
  };
  const read: FileStore['read'] = async (key, range) => {
    const Key = keyOf(key);
    const { GetObjectCommand } = await sdk();
    try {
      const answer = await (
        await client()
      ).send(
        new GetObjectCommand({
          Bucket: bucket,
          Key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  };
  return {
    async put(key, body) {
      const Key = keyOf(key);
      const { PutObjectCommand, Upload } = await sdk();
      if (Buffer.isBuffer(body)) {
        await (
          await client()
        ).send(new PutObjectCommand({ Bucket: bucket, Key, Body: body, ContentLength: body.length }));
        return body.length;
      }
      // The SDK answers a failed multipart upload with the failure of its clean-up when that fails too:
      // the body's own error (too large, not walkable) is kept to be the answer.
      let size = 0;
      let bodyError: unknown;
      async function* counted() {
        try {
          for await (const chunk of body as Readable) {
            size += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        } catch (err) {
          bodyError = err;
          throw err;
        }
      }
      try {
        await new Upload({
          client: await client(),
          params: { Bucket: bucket, Key, Body: Readable.from(counted()) },
          partSize: PART_BYTES,
          queueSize: 1,
        }).done();
      } catch (err) {
        throw bodyError ?? err;
      }
      return size;
    },
    async get(key) {
      const stream = await read(key);
      if (!stream) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    read,
    async delete(key) {
      const Key = keyOf(key);
      const { DeleteObjectCommand } = await sdk();
      await (await client()).send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    },
  };
}
