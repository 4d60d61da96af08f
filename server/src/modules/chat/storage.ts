// CHAT-5: where chat uploads are kept. The store is the FileStore interface the slip pictures use
// (providers/storage/storage.ts), chosen in providers/index.ts: a folder on disk by default
// (CHAT_STORAGE_DIR, DATA_DIR/chat unless set), or STORAGE_URL's bucket under chat/. The chat keeps its
// files apart from the slips, under names the server makes.
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../../context.ts';

export type FileStore = Ctx['slipFiles'];

/** An unguessable file name: 128 random bits in hex, and the extension of the type the bytes proved. */
export const newFileName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

/** Names the server made, and only those, are looked up (a request for '../x' never reaches the store). */
export const isFileName = (name: string) => /^[0-9a-f]{32}\.(png|jpg|gif|mp4|mov)$/.test(name);

export const storageKey = (name: string) => `chat/${name}`;
