import {
  CHAT_IMAGE_EXTENSIONS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_MAX_MB,
  CHAT_IMAGE_TYPES,
  CHAT_VIDEO_EXTENSIONS,
  CHAT_VIDEO_MAX_BYTES,
  CHAT_VIDEO_MAX_MB,
  CHAT_VIDEO_TYPES,
} from './api/contract';

// CHAT-5: what the chat takes, checked before anything is sent. The server checks the content again
// (magic bytes); this spares a phone uploading 20 MB to hear "no".

/** Extensions and MIME types by kind: png, jpeg, jpg, gif images; mp4 and quicktime (mov) videos. */
const KINDS = {
  image: { extensions: CHAT_IMAGE_EXTENSIONS, types: CHAT_IMAGE_TYPES, maxBytes: CHAT_IMAGE_MAX_BYTES },
  video: { extensions: CHAT_VIDEO_EXTENSIONS, types: CHAT_VIDEO_TYPES, maxBytes: CHAT_VIDEO_MAX_BYTES },
} as const;

export type ChatFileKind = keyof typeof KINDS;
export const CHAT_FILE_ACCEPT = [...KINDS.image.types, ...KINDS.video.types].join(',');
export const maxMbOf = (kind: ChatFileKind) => (kind === 'image' ? CHAT_IMAGE_MAX_MB : CHAT_VIDEO_MAX_MB);

export type FileCheck =
  | { ok: true; kind: ChatFileKind }
  | { ok: false; reason: 'notSupported' }
  | { ok: false; reason: 'tooLarge'; maxMb: number };

/** The name must have an extension; the extension and (when the browser gives one) the type are the chat's. */
export function checkChatFile(file: Pick<File, 'name' | 'type' | 'size'>): FileCheck {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const kind = (Object.keys(KINDS) as ChatFileKind[]).find(
    (k) =>
      (KINDS[k].extensions as readonly string[]).includes(extension) &&
      // Some phones give no type for a file they do not know: the extension and the server's check decide.
      (file.type === '' || (KINDS[k].types as readonly string[]).includes(file.type.toLowerCase())),
  );
  if (!kind) return { ok: false, reason: 'notSupported' };
  const maxMb = maxMbOf(kind);
  if (file.size > KINDS[kind].maxBytes) return { ok: false, reason: 'tooLarge', maxMb };
  return { ok: true, kind };
}
