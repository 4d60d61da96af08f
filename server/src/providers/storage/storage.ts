import { Readable } from 'node:stream';

/**
 * Where uploaded files (slip pictures, chat media) are kept, by a key the server makes: never in
 * database rows, whose bytes would pass through every query and backup (on the embedded database three
 * 5 MB slips stalled every other call for 3.6 s). Two adapters, chosen in providers/index.ts: a folder
 * (disk-storage.ts) and S3-compatible object storage (s3-storage.ts, STORAGE_URL). Uploads arrive as
 * streams and are written as they arrive, so no file is ever held whole in memory on its way in.
 */
export interface FileStore {
  /**
   * Stores the body under the key, replacing what was there, and answers how many bytes were stored;
   * resolves once they are durable. When the body fails (its stream throws: too large, not walkable),
   * put rejects with that error and the key keeps what it had before: a half-written file is never seen.
   */
  put(key: string, body: Buffer | Readable): Promise<number>;
  /** The bytes under the key, whole (small files only: a slip picture); undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /**
   * The bytes under the key as a stream, or the bytes from `start` to `end` (inclusive, within the
   * file); undefined when there are none.
   */
  read(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Removes the key's bytes; a key without any is not an error. */
  delete(key: string): Promise<void>;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in an HTTP Range header. */
  end: number;
}

/** Keys are server-made: letters, digits, '-', '_', '.', in '/'-separated parts, never '.' or '..'. */
export function isValidKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 200 &&
    key.split('/').every((part) => /^[A-Za-z0-9_.-]+$/.test(part) && part !== '.' && part !== '..')
  );
}

/** Every adapter refuses a key the server could not have made, before it touches anything. */
export function checkedKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Puts a stream made by the server (an upload passing through its checks) and answers the bytes stored.
 * With `cap`, a body growing past maxBytes fails with tooMuch(). When the body fails, that failure is the
 * answer, whatever the adapter made of it.
 */
export async function putStream(
  store: FileStore,
  key: string,
  source: AsyncIterable<Buffer>,
  cap?: { maxBytes: number; tooMuch: () => Error },
): Promise<number> {
  let failure: unknown;
  let total = 0;
  async function* body() {
    try {
      for await (const chunk of source) {
        total += chunk.length;
        if (cap && total > cap.maxBytes) throw cap.tooMuch();
        yield chunk;
      }
    } catch (err) {
      failure = err;
      throw err;
    }
  }
  try {
    return await store.put(key, Readable.from(body()));
  } catch (err) {
    throw failure ?? err;
  }
}
