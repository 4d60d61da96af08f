import { SLIP_IMAGE_TYPES, SLIP_MAX_BYTES } from '@krapao/contract';

/**
 * SLIP-1: what the browser can tell before sending: a PNG or JPEG, not empty, at most SLIP_MAX_BYTES.
 * The server checks the bytes themselves again.
 */
export function slipFileProblem(file: File): 'SLIP_INVALID_FILE' | null {
  const typeOk = (SLIP_IMAGE_TYPES as readonly string[]).includes(file.type);
  return typeOk && file.size > 0 && file.size <= SLIP_MAX_BYTES ? null : 'SLIP_INVALID_FILE';
}

/** The largest slip in whole megabytes, for the hint. */
export const SLIP_MAX_MB = Math.floor(SLIP_MAX_BYTES / (1024 * 1024));
