import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@krapao/contract';
import { AppError } from '../errors.ts';

/**
 * One uploaded file as it arrives: its bytes are read as the service passes them on (to the file store),
 * never gathered whole in memory.
 */
export interface IncomingFile {
  filename: string;
  /**
   * The file's bytes, at most `maxBytes`: one more and it throws AppError(tooLarge, 413); a cut-off or
   * malformed body throws AppError(malformed). Read at most once.
   */
  content: AsyncGenerator<Buffer, void>;
  /**
   * Reads the rest of the file and drops it, so the request ends normally whatever the service did with
   * the file (refused it before reading it, or stopped half way). The route calls it when done.
   */
  discard(): Promise<void>;
}

export interface OneFileLimits {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** Answered with 413 when the file is larger than maxBytes. */
  tooLarge: ErrorCode;
  /** Answered with 400 for a cut-off or malformed multipart body, or too many parts. */
  malformed: ErrorCode;
}

/**
 * The one part named "file" of a multipart request (in a scope that registered @fastify/multipart),
 * opened for streaming; undefined when there is none.
 */
export async function openOneFile(
  req: FastifyRequest,
  { maxBytes, tooLarge, malformed }: OneFileLimits,
): Promise<IncomingFile | undefined> {
  if (!req.isMultipart()) return undefined;
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    // One byte over the limit is let through busboy, so that a file over it is told from one at it.
    part = await req.file({
      limits: { fileSize: maxBytes + 1, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
  } catch {
    throw new AppError(malformed); // a cut-off or malformed multipart body, or too many parts
  }
  if (!part) return undefined;
  const file = part.file as Readable & { truncated?: boolean };
  if (part.fieldname !== 'file') {
    file.resume();
    return undefined;
  }
  const content = limited(file, { maxBytes, tooLarge, malformed });
  return {
    filename: part.filename,
    content,
    async discard() {
      // Ends the reading (its stream listener goes), then lets the rest flow away: busboy drops what
      // lies past the limit without holding it.
      await content.return();
      if (!file.readableEnded) {
        file.on('data', () => undefined);
        file.resume();
      }
    },
  };
}

async function* limited(
  file: Readable & { truncated?: boolean },
  { maxBytes, tooLarge, malformed }: OneFileLimits,
): AsyncGenerator<Buffer, void> {
  let total = 0;
  try {
    // Not destroyed when the reader stops early: busboy would wait for it forever (discard drains it).
    for await (const chunk of file.iterator({ destroyOnReturn: false })) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw new AppError(tooLarge, 413);
      yield chunk as Buffer;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(malformed);
  }
  if (file.truncated) throw new AppError(tooLarge, 413);
}
