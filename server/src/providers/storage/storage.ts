/**
 * Where uploaded files (slip pictures; chat media later) are kept, by a key the server makes: never in
 * database rows, whose bytes would pass through every query and backup (on the embedded database three
 * 5 MB slips stalled every other call for 3.6 s). The disk adapter keeps them under a folder; an object
 * store (S3 and the like) fits the same three calls.
 */
export interface FileStore {
  /** Stores the bytes under the key, replacing what was there; resolves once they are durable. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under the key; undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the key's bytes; a key without any is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are server-made: letters, digits, '-', '_', '.', in '/'-separated parts, never '.' or '..'. */
export function isValidKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 200 &&
    key.split('/').every((part) => /^[A-Za-z0-9_.-]+$/.test(part) && part !== '.' && part !== '..')
  );
}
