import { ApiError, PARSE_OPTIONS } from '../../../lib/api-client';
import type { ChatFileKind } from '../files';
import { CHAT_UPLOAD_PATHS, CHAT_UPLOAD_TIMEOUT_MS, uploadResultSchema } from './contract';
import { requestHeaders, type ChatIdentity } from './identity';

export type ChatUpload = { fileType: ChatFileKind; filePath: string };

/**
 * CHAT-5: POST /api/chat/upload-image|upload-video, multipart field `file`. XMLHttpRequest, not fetch:
 * only it reports the upload's progress (0..1 to `onProgress`), for the bar under the message. Five
 * minutes at most (SH-18, CHAT_UPLOAD_TIMEOUT_MS): a phone on a slow line sends 20 MB slowly.
 */
export function uploadChatFile(
  identity: ChatIdentity,
  kind: ChatFileKind,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ChatUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', CHAT_UPLOAD_PATHS[kind]);
    xhr.timeout = CHAT_UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(requestHeaders(identity))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const message = (data as { message?: unknown } | undefined)?.message;
        reject(new ApiError(typeof message === 'string' ? message : 'INTERNAL_SERVER_ERROR', xhr.status));
        return;
      }
      const parsed = uploadResultSchema.safeParse(data, PARSE_OPTIONS);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError('INTERNAL_SERVER_ERROR', xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 0));
    xhr.ontimeout = () => reject(new ApiError('REQUEST_TIMEOUT', 0));
    xhr.onabort = () => reject(new ApiError('NETWORK_ERROR', 0));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
