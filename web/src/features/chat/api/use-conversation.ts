import type { ChatJoinAck } from '@krapao/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { currentLocale } from '../../../i18n';
import { errorCode, PARSE_OPTIONS } from '../../../lib/api-client';
import { isFinalAnswer } from '../../../lib/idempotency';
import { getToken } from '../../../lib/session';
import { acquireSocket, type RealtimeAuth } from '../../../lib/realtime-socket';
import { checkChatFile, type ChatFileKind, type FileCheck } from '../files';
import {
  heldThrough,
  isUnread,
  localKey,
  mergeStored,
  newestSeq,
  patchByKey,
  storedCount,
  upsertLocal,
  type ShownMessage,
} from '../messages';
import { setChatUnread } from '../unread';
import {
  chat,
  CHAT_EVENTS,
  CHAT_HISTORY_PAGE,
  CHAT_READ_DEBOUNCE_MS,
  CHAT_SOCKET_CHECK_MS,
  CHAT_TEXT_MAX_LENGTH,
  chatMessageSchema,
  chatReadEventSchema,
  type ChatMessage,
  type ChatMessageBody,
} from './contract';
import { chatCall, whoOf, type ChatIdentity } from './identity';
import { uploadChatFile } from './upload-file';

/** The server's answer to a guest token it no longer takes (a new app secret, a forged one). */
const GUEST_REFUSED = 'CHAT_GUEST_INVALID';
/** A join the server does not answer within this counts as failed (the check tries again). */
const JOIN_ACK_TIMEOUT_MS = 8_000;
/** A catch-up after a reconnect reads at most this many pages back; older ones load on scrolling up. */
const CATCH_UP_MAX_PAGES = 5;

/**
 * The socket's side of the conversation (CHAT-3): `connecting` until the room is joined, `ready` once
 * it is, `offline` while a joined socket is down (the check every 5 s brings it back), `failed` when the
 * server refused to let us join ('Cannot start chatting'). Sending works over HTTP in every state.
 */
export type ChatPhase = 'connecting' | 'ready' | 'offline' | 'failed';

export type SendFileResult = FileCheck;

function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const authOf = (identity: ChatIdentity): RealtimeAuth | undefined => {
  if (identity.kind === 'guest') return { guestToken: identity.guestToken };
  const token = getToken();
  return token ? { token } : undefined;
};

export const roomOf = (prefix: string, identity: ChatIdentity) =>
  `${prefix}-${identity.kind === 'member' ? identity.userId : identity.guestId}`;

export interface Conversation {
  messages: ShownMessage[];
  phase: ChatPhase;
  /** The first page has been read (or failed to be). */
  loaded: boolean;
  /** We know who is chatting (a visitor's guest id may still be on its way): messages can go. */
  canSend: boolean;
  historyFailed: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => Promise<void>;
  unread: number;
  sendText: (text: string) => boolean;
  sendPostback: (title: string, payload: string) => void;
  /** Checks the file first (CHAT-5): a refused one is answered, not sent. */
  sendFile: (file: File) => SendFileResult;
  retry: (key: string) => void;
  /** An upload the server refused: its code, for the 4 s alert. */
  refusal: { code: string; at: number; kind: ChatFileKind } | undefined;
}

/**
 * One customer's conversation (CHAT-2 to CHAT-7): its history 10 at a time, the room on the page's
 * socket with the check every 5 s, messages sent idempotently by clientId, files uploaded with their
 * progress, and the operator's messages marked read 1 s after they show while `open`.
 */
export function useConversation(
  identity: ChatIdentity | undefined,
  prefix: string | undefined,
  open: boolean,
  /** The server refused this guest token (CHAT_GUEST_INVALID): the caller gets a new one. */
  onGuestRefused?: (guestToken: string) => void,
): Conversation {
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [phase, setPhase] = useState<ChatPhase>('connecting');
  const [loaded, setLoaded] = useState(false);
  const [historyFailed, setHistoryFailed] = useState(false);
  const [olderExhausted, setOlderExhausted] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [refusal, setRefusal] = useState<{ code: string; at: number; kind: ChatFileKind }>();
  // The latest list, for callbacks that must not re-create on every message.
  const current = useRef(messages);
  current.current = messages;
  const guestRefused = useRef(onGuestRefused);
  guestRefused.current = onGuestRefused;
  const checkRefusal = useCallback(
    (code: string) => {
      if (code === GUEST_REFUSED && identity?.kind === 'guest') guestRefused.current?.(identity.guestToken);
    },
    [identity],
  );

  // The seqs merged so far, kept at once (the list's own copy waits for a render), and the history read
  // on its way, if any: a join's catch-up waits for it before it decides to read.
  const held = useRef(new Set<number>());
  const reading = useRef<Promise<boolean>>(undefined);
  const merge = useCallback((incoming: readonly ChatMessage[]) => {
    for (const m of incoming) held.current.add(m.seq);
    setMessages((list) => mergeStored(list, incoming));
  }, []);

  /**
   * Reads the newest page, and pages before it until it meets what we hold (a reconnect's catch-up).
   * Answers whether the conversation could be read.
   */
  const readMissed = useCallback(async () => {
    if (!identity) return false;
    const since = newestSeq(current.current);
    try {
      for (let page = 0; page < CATCH_UP_MAX_PAGES; page++) {
        const answer = await chatCall(identity, chat.history, {
          ...whoOf(identity),
          limit: CHAT_HISTORY_PAGE,
          skip: page * CHAT_HISTORY_PAGE,
        });
        merge(answer.messages);
        const oldest = answer.messages[0]?.seq;
        // The first read ever, a short page, or one that reaches what we had: nothing more was missed.
        if (
          since === 0 ||
          answer.messages.length < CHAT_HISTORY_PAGE ||
          oldest === undefined ||
          oldest <= since + 1
        )
          break;
      }
      setHistoryFailed(false);
      return true;
    } catch (error) {
      // A conversation that cannot be read now stays quiet (ERR-3's lists); the next join asks again.
      if (since === 0) setHistoryFailed(true);
      checkRefusal(errorCode(error));
      return false;
    } finally {
      setLoaded(true);
    }
  }, [identity, merge, checkRefusal]);
  const catchUp = useCallback(() => (reading.current = readMissed()), [readMissed]);

  /**
   * After a join: the history is read again only when the conversation holds a message past those we
   * have without a gap (one heard on the socket after one that was lost counts for nothing), or the
   * last read failed. A server of the version before tells no lastSeq: it is always read. At an app's
   * open the first page, asked for as soon as we knew who was asking, has them all.
   */
  const catchUpTo = useCallback(
    async (lastSeq: number | undefined) => {
      const readOk = (await reading.current) ?? false;
      if (!readOk || lastSeq === undefined || heldThrough(held.current) < lastSeq) await catchUp();
    },
    [catchUp],
  );

  // The first page, as soon as we know who is asking.
  useEffect(() => {
    if (identity) void catchUp();
  }, [identity, catchUp]);

  // The room on the page's socket (CHAT-3).
  useEffect(() => {
    if (!identity || !prefix) return;
    const auth = authOf(identity);
    if (!auth) return;
    const room = roomOf(prefix, identity);
    let stopped = false;
    let release: (() => void) | undefined;
    let cleanup: (() => void) | undefined;
    void acquireSocket(auth).then(
      (lease) => {
        if (stopped) return lease.release();
        release = lease.release;
        const { socket } = lease;
        let joined = false;
        let joining = false;
        const join = () => {
          if (joining || !socket.connected) return;
          joining = true;
          socket
            .timeout(JOIN_ACK_TIMEOUT_MS)
            .emit(CHAT_EVENTS.join, { room }, (error: Error | null, answer: unknown) => {
              joining = false;
              if (stopped) return;
              if (error || (answer as ChatJoinAck | undefined)?.ok !== true) {
                joined = false;
                setPhase('failed');
                return;
              }
              joined = true;
              setPhase('ready');
              // Whatever arrived while we were not in the room (or before the first join) comes now.
              void catchUpTo((answer as Extract<ChatJoinAck, { ok: true }>).lastSeq);
            });
        };
        const onConnect = () => join();
        const onDisconnect = () => {
          joined = false;
          setPhase((p) => (p === 'failed' ? p : 'offline'));
        };
        const onConnectError = (error: Error) => {
          checkRefusal(error.message);
          setPhase((p) => (p === 'ready' || p === 'connecting' ? 'offline' : p));
        };
        const onMessage = (payload: unknown) => {
          const message = chatMessageSchema.safeParse(payload, PARSE_OPTIONS);
          if (message.success) merge([message.data]);
        };
        const onRead = (payload: unknown) => {
          const read = chatReadEventSchema.safeParse(payload, PARSE_OPTIONS);
          if (!read.success) return;
          const { upTo, reader } = read.data;
          const at = new Date().toISOString();
          // The customer read the operator's messages (in another tab), or the operator read theirs.
          const isNowRead = (m: ShownMessage) =>
            m.readAt === null &&
            m.seq !== undefined &&
            m.seq <= upTo &&
            (reader === 'customer' ? m.sender !== 'customer' : m.sender === 'customer');
          setMessages((list) => list.map((m) => (isNowRead(m) ? { ...m, readAt: at } : m)));
        };
        socket.on('connect', onConnect);
        socket.on('disconnect', onDisconnect);
        socket.on('connect_error', onConnectError);
        socket.on(CHAT_EVENTS.message, onMessage);
        socket.on(CHAT_EVENTS.read, onRead);
        join();
        // CHAT-3: every 5 s, a socket that is down is asked to connect now (not at its back-off's
        // pace), and a connected one that is not in its room joins it.
        const check = setInterval(() => {
          if (!socket.connected) socket.connect();
          else if (!joined) join();
        }, CHAT_SOCKET_CHECK_MS);
        cleanup = () => {
          clearInterval(check);
          socket.off('connect', onConnect);
          socket.off('disconnect', onDisconnect);
          socket.off('connect_error', onConnectError);
          socket.off(CHAT_EVENTS.message, onMessage);
          socket.off(CHAT_EVENTS.read, onRead);
        };
      },
      () => setPhase('failed'),
    );
    return () => {
      stopped = true;
      cleanup?.();
      release?.();
    };
  }, [identity, prefix, merge, catchUpTo, checkRefusal]);

  const loadOlder = useCallback(async () => {
    if (!identity || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const answer = await chatCall(identity, chat.history, {
        ...whoOf(identity),
        limit: CHAT_HISTORY_PAGE,
        skip: storedCount(current.current),
      });
      merge(answer.messages);
      if (answer.messages.length < CHAT_HISTORY_PAGE) setOlderExhausted(true);
    } catch {
      // Quiet (ERR-3): scrolling up again asks again.
    } finally {
      setLoadingOlder(false);
    }
  }, [identity, loadingOlder, merge]);

  const deliver = useCallback(
    (
      key: string,
      clientId: string,
      body: Extract<ChatMessageBody, { message_type: 'text' | 'postback' | 'media' }>,
    ) => {
      if (!identity) return;
      setMessages((list) => patchByKey(list, key, { status: 'sending', message: body, error: undefined }));
      chatCall(identity, chat.sendMessage, { clientId, message: body, locale: currentLocale() }).then(
        (stored) => merge([stored]),
        (error: unknown) => {
          setMessages((list) => patchByKey(list, key, { status: 'failed', error: errorCode(error) }));
          checkRefusal(errorCode(error));
        },
      );
    },
    [identity, merge, checkRefusal],
  );

  const sendBody = useCallback(
    (body: Extract<ChatMessageBody, { message_type: 'text' | 'postback' }>) => {
      const clientId = newClientId();
      const key = localKey(clientId);
      setMessages((list) =>
        upsertLocal(list, {
          key,
          clientId,
          sender: 'customer',
          message: body,
          createdAt: new Date().toISOString(),
          readAt: null,
          status: 'sending',
        }),
      );
      deliver(key, clientId, body);
    },
    [deliver],
  );

  const sendText = useCallback(
    (raw: string) => {
      // CHAT-5: trimmed, 1 to 2000 characters; the composer says so before this refuses.
      const text = raw.trim();
      if (!identity || !text || text.length > CHAT_TEXT_MAX_LENGTH) return false;
      sendBody({ message_type: 'text', payload: { text } });
      return true;
    },
    [identity, sendBody],
  );

  const sendPostback = useCallback(
    (title: string, payload: string) => sendBody({ message_type: 'postback', payload: { title, payload } }),
    [sendBody],
  );

  /** Uploads (or re-uploads) the file of message `key`, then sends it as a media message. */
  const uploadAndSend = useCallback(
    (key: string, clientId: string, kind: ChatFileKind, file: File) => {
      if (!identity) return;
      setMessages((list) =>
        patchByKey(list, key, { status: 'uploading_file', progress: 0, error: undefined }),
      );
      uploadChatFile(identity, kind, file, (fraction) =>
        setMessages((list) => patchByKey(list, key, { progress: fraction })),
      ).then(
        (upload) => {
          setMessages((list) =>
            list.map((m) =>
              m.key === key && m.file ? { ...m, file: { ...m.file, upload }, progress: 1 } : m,
            ),
          );
          deliver(key, clientId, {
            message_type: 'media',
            payload: { fileType: upload.fileType, filePath: upload.filePath },
          });
        },
        (error: unknown) => {
          if (isFinalAnswer(error)) {
            // The server refused the file itself (its content, its size): trying again cannot help.
            setRefusal({ code: errorCode(error), at: Date.now(), kind });
            setMessages((list) => list.filter((m) => m.key !== key));
          } else setMessages((list) => patchByKey(list, key, { status: 'failed', error: errorCode(error) }));
        },
      );
    },
    [identity, deliver],
  );

  const sendFile = useCallback(
    (file: File): SendFileResult => {
      const check = checkChatFile(file);
      if (!check.ok || !identity) return check;
      const clientId = newClientId();
      const key = localKey(clientId);
      const previewUrl = URL.createObjectURL?.(file) ?? '';
      setMessages((list) =>
        upsertLocal(list, {
          key,
          clientId,
          sender: 'customer',
          message: { message_type: 'media', payload: { fileType: check.kind, filePath: previewUrl } },
          createdAt: new Date().toISOString(),
          readAt: null,
          status: 'uploading_file',
          progress: 0,
          file: { kind: check.kind, file, previewUrl },
        }),
      );
      uploadAndSend(key, clientId, check.kind, file);
      return check;
    },
    [identity, uploadAndSend],
  );

  /** CHAT-4: a failed message is tried again under the same clientId: stored at most once. */
  const retry = useCallback(
    (key: string) => {
      const m = current.current.find((x) => x.key === key);
      if (!m || m.status !== 'failed' || !m.clientId) return;
      if (m.file && !m.file.upload) uploadAndSend(key, m.clientId, m.file.kind, m.file.file);
      else if (
        m.message.message_type === 'text' ||
        m.message.message_type === 'postback' ||
        m.message.message_type === 'media'
      )
        deliver(key, m.clientId, m.message);
    },
    [deliver, uploadAndSend],
  );

  // CHAT-6: the operator's messages showing in the open panel are marked read 1 s after the last one
  // came (one PUT for a burst), and at once here so the badges clear.
  const unreadMessages = messages.filter(isUnread);
  const unread = unreadMessages.length;
  const newestUnread = unreadMessages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (!open || !identity || newestUnread === 0) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === 'hidden') return;
      chatCall(identity, chat.readCustomer, whoOf(identity)).then(
        () => {
          const at = new Date().toISOString();
          setMessages((list) =>
            list.map((m) => (isUnread(m) && (m.seq ?? Infinity) <= newestUnread ? { ...m, readAt: at } : m)),
          );
        },
        () => {
          // Quiet: the next message or opening the panel again tries again.
        },
      );
    }, CHAT_READ_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, identity, newestUnread]);

  useEffect(() => setChatUnread(unread), [unread]);
  useEffect(() => () => setChatUnread(0), []);

  // Seqs are 1, 2, 3... per conversation (server migration 021): older ones exist until we hold seq 1.
  const oldestSeq = messages.find((m) => m.seq !== undefined)?.seq;
  const hasOlder = loaded && !olderExhausted && oldestSeq !== undefined && oldestSeq > 1;
  return useMemo(
    () => ({
      messages,
      phase,
      loaded,
      canSend: identity !== undefined,
      historyFailed,
      hasOlder,
      loadingOlder,
      loadOlder,
      unread,
      sendText,
      sendPostback,
      sendFile,
      retry,
      refusal,
    }),
    [
      messages,
      phase,
      loaded,
      identity,
      historyFailed,
      hasOlder,
      loadingOlder,
      loadOlder,
      unread,
      sendText,
      sendPostback,
      sendFile,
      retry,
      refusal,
    ],
  );
}
