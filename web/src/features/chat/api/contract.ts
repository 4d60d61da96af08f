import { chat, REALTIME_EVENTS } from '@krapao/contract';

// The chat's part of the contract (contract/src/chat.ts), named once for the feature.

export { chat };
export const {
  CHAT_HISTORY_PAGE,
  CHAT_TEXT_MAX_LENGTH,
  CHAT_IMAGE_MAX_MB,
  CHAT_VIDEO_MAX_MB,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_VIDEO_MAX_BYTES,
  CHAT_IMAGE_TYPES,
  CHAT_VIDEO_TYPES,
  CHAT_IMAGE_EXTENSIONS,
  CHAT_VIDEO_EXTENSIONS,
  CHAT_UPLOAD_TIMEOUT_MS,
  CHAT_SOCKET_CHECK_MS,
  CHAT_READ_DEBOUNCE_MS,
  CHAT_ALERT_MS,
  CHAT_GUEST_HEADER,
  chatMessageSchema,
  chatReadEventSchema,
  uploadResultSchema,
} = chat;
export type ChatMessage = chat.ChatMessage;
export type ChatMessageBody = chat.ChatMessageContent;
export type ChatButton = chat.ChatButton;

export const CHAT_EVENTS = {
  message: REALTIME_EVENTS.chatMessage,
  read: REALTIME_EVENTS.chatRead,
  join: REALTIME_EVENTS.chatJoin,
} as const;

export const CHAT_UPLOAD_PATHS = { image: chat.uploadImage.path, video: chat.uploadVideo.path } as const;
