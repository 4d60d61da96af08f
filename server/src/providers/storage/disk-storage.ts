import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { checkedKey, type FileStore } from './storage.ts';

/**
 * Files under one folder, a key's '/' parts as sub-folders. A put writes a temporary file as the body
 * arrives, flushes it to disk and renames it into place, so a crash or a failed body never leaves half a
 * file under a key. With several server instances the folder must be one they all see (a shared volume).
 */
export function diskStore(folder: string): FileStore {
  const root = resolve(folder);
  const pathOf = (key: string) => join(root, checkedKey(key));
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      let size = 0;
      try {
        const file = await open(temporary, 'w', 0o600);
        try {
          if (Buffer.isBuffer(body)) {
            await file.writeFile(body);
            size = body.length;
          } else {
            for await (const chunk of body as Readable) {
              await file.write(chunk as Buffer);
              size += (chunk as Buffer).length;
            }
          }
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, path);
        return size;
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async read(key, range) {
      const path = pathOf(key);
      try {
        // Opened first, so a missing file answers undefined here rather than failing the stream later.
        const file = await open(path, 'r');
        return file.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
