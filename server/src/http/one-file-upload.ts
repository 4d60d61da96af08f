import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@krapao/contract';
import { AppError } from '../errors.ts';

/** One uploaded file, read whole into memory. */
export interface UploadedFile {
  bytes: Buffer;
  filename: string;
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
 * The one part named "file" of a multipart request (in a scope that registered @fastify/multipart with
 * throwFileSizeLimit), read into memory up to `maxBytes`; undefined when there is none.
 */
export async function readOneFile(
  req: FastifyRequest,
  { maxBytes, tooLarge, malformed }: OneFileLimits,
): Promise<UploadedFile | undefined> {
  if (!req.isMultipart()) return undefined;
  try {
    const part = await req.file({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
    if (!part) return undefined;
    if (part.fieldname !== 'file') {
      part.file.resume();
      return undefined;
    }
    return { bytes: await part.toBuffer(), filename: part.filename };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(tooLarge, 413);
    // A cut-off or malformed multipart body, or too many parts.
    throw new AppError(malformed);
  }
}
