import type { ChatMessage, ChatMessageBody } from './api/contract';
import type { ChatFileKind } from './files';
import type { ChatUpload } from './api/upload-file';

/** CHAT-4: where a message of the customer's is on its way; the operator's are always `succeed`. */
export type DeliveryStatus = 'uploading_file' | 'sending' | 'failed' | 'succeed';

/** A message as the panel shows it: one stored by the server, or one of ours still on its way. */
export interface ShownMessage {
  /** The server's id once stored, else `local:<clientId>`. */
  key: string;
  id?: string;
  seq?: number;
  clientId: string | null;
  sender: ChatMessage['sender'];
  /** Who wrote it, as the server names them (the operator's or the bot's name). */
  name?: string | null;
  message: ChatMessageBody;
  createdAt: string;
  readAt: string | null;
  status: DeliveryStatus;
  /** 0..1 while the file uploads. */
  progress?: number;
  /** The picked file (a retry uploads it again) and its local preview. */
  file?: { kind: ChatFileKind; file: File; previewUrl: string; upload?: ChatUpload };
  /** Why the last try failed (an error code). */
  error?: string;
}

export const localKey = (clientId: string) => `local:${clientId}`;

export function shownOf(stored: ChatMessage): ShownMessage {
  return {
    key: stored.id,
    id: stored.id,
    seq: stored.seq,
    clientId: stored.clientId,
    sender: stored.sender,
    name: stored.name,
    message: stored.message,
    createdAt: stored.createdAt,
    readAt: stored.readAt,
    status: 'succeed',
  };
}

/** Stored messages by seq, then ours still on their way in the order they were written. */
function order(a: ShownMessage, b: ShownMessage): number {
  if (a.seq !== undefined && b.seq !== undefined) return a.seq - b.seq;
  if (a.seq !== undefined) return -1;
  if (b.seq !== undefined) return 1;
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/**
 * CHAT-2 / CHAT-3: adds stored messages however they came (the history, the socket, the answer to our
 * own send, a catch-up after a reconnect): each shows once, by its id, and replaces our message of the
 * same clientId (sent from this tab, heard back on the socket); the order is the server's seq.
 */
export function mergeStored(list: readonly ShownMessage[], incoming: readonly ChatMessage[]): ShownMessage[] {
  if (!incoming.length) return list as ShownMessage[];
  const next = [...list];
  for (const stored of incoming) {
    const at = next.findIndex(
      (m) => m.id === stored.id || (!m.id && stored.clientId !== null && m.clientId === stored.clientId),
    );
    const shown = shownOf(stored);
    if (at < 0) next.push(shown);
    else {
      // Keep a read mark we already know of (the socket may bring an older copy than our PUT's answer).
      const known = next[at]!;
      next[at] = { ...shown, readAt: shown.readAt ?? known.readAt };
      if (known.file) URL.revokeObjectURL?.(known.file.previewUrl);
    }
  }
  return next.sort(order);
}

/** Replaces or adds one of our own messages on its way. */
export function upsertLocal(list: readonly ShownMessage[], local: ShownMessage): ShownMessage[] {
  // Already stored (the socket was quicker than the answer): nothing of ours to show any more.
  if (list.some((m) => m.id !== undefined && m.clientId === local.clientId)) return list as ShownMessage[];
  const at = list.findIndex((m) => m.key === local.key);
  if (at < 0) return [...list, local].sort(order);
  return list.map((m, i) => (i === at ? local : m));
}

export function patchByKey(
  list: readonly ShownMessage[],
  key: string,
  patch: Partial<ShownMessage>,
): ShownMessage[] {
  return list.map((m) => (m.key === key ? { ...m, ...patch } : m));
}

/** How many stored messages we hold: where the next older page starts (skip). */
export const storedCount = (list: readonly ShownMessage[]) => list.filter((m) => m.seq !== undefined).length;

/** The last seq of the unbroken run from the oldest held (0: none held). */
export function heldThrough(seqs: ReadonlySet<number>): number {
  if (seqs.size === 0) return 0;
  let seq = Math.min(...seqs);
  while (seqs.has(seq + 1)) seq++;
  return seq;
}

export const newestSeq = (list: readonly ShownMessage[]) =>
  list.reduce((max, m) => (m.seq !== undefined && m.seq > max ? m.seq : max), 0);

/** CHAT-6: the operator's (and the bot's) messages the customer has not read. */
export const isUnread = (m: ShownMessage) =>
  m.sender !== 'customer' && m.readAt === null && m.seq !== undefined;
