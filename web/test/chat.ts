import { chat, lookups, type ChatMessage, type ChatMessageContent } from '@krapao/contract';
import { act } from '@testing-library/react';
import { json, type Call, type Handler } from './api';

// The chat's server, played in jsdom: a conversation the history, send and read calls answer from
// (built with the contract's schemas), a socket the widget joins its room on, and an upload the test
// drives byte by byte (test/chat*.test.tsx mock lib/realtime-socket and XMLHttpRequest with these).

export const PREFIX = 'krapao';
export const GUEST = { guestId: '6f1c1e0a-2d7b-4c55-9d0e-1b2c3d4e5f60', guestToken: 'gt_signed' };

let clock = Date.parse('2026-11-20T09:00:00.000Z');
export function chatMessage(
  seq: number,
  sender: ChatMessage['sender'],
  message: ChatMessageContent,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return chat.chatMessageSchema.parse({
    id: `m${seq}`,
    seq,
    sender,
    message,
    createdAt: new Date((clock += 60_000)).toISOString(),
    userId: null,
    guestId: GUEST.guestId,
    name: sender === 'operator' ? 'Nok' : null,
    clientId: null,
    readAt: null,
    ...extra,
  });
}
export const textOf = (text: string): ChatMessageContent => ({ message_type: 'text', payload: { text } });

/** The conversation of the test's chatServer: its newest seq is a join's lastSeq. */
let conversation: readonly ChatMessage[] = [];

/** One conversation on the stubbed server. */
export function chatServer(initial: ChatMessage[] = []) {
  const messages = [...initial];
  conversation = messages;
  const sent: Array<{ clientId: string; message: unknown }> = [];
  let failSends = 0;
  const handlers: Record<string, Handler> = {
    'GET /api/lookup/enableChatWidget': () =>
      json(lookups.enableChatWidget.response.parse({ enabled: true })),
    'GET /api/chat/config': () => json(chat.config.response.parse({ PREFIX, enabled: true })),
    'POST /api/chat/guest': () => json(chat.guest.response.parse(GUEST)),
    'POST /api/chat/history': (call: Call) => {
      const { limit = 10, skip = 0 } = call.body as { limit?: number; skip?: number };
      const end = Math.max(0, messages.length - skip);
      const page = messages.slice(Math.max(0, end - limit), end);
      return json(chat.history.response.parse({ total: messages.length, messages: page }));
    },
    'POST /api/chat/send-message': (call: Call) => {
      const body = call.body as { clientId: string; message: ChatMessageContent };
      sent.push(body);
      if (failSends > 0) {
        failSends--;
        return new Response('', { status: 503 });
      }
      const known = messages.find((m) => m.clientId === body.clientId);
      if (known) return json(known);
      const stored = chatMessage(messages.length + 1, 'customer', body.message, {
        id: `m${messages.length + 1}`,
        clientId: body.clientId,
      });
      messages.push(stored);
      return json(stored);
    },
    'PUT /api/chat/read-customer/': () => {
      let read = 0;
      for (const m of messages)
        if (m.sender !== 'customer' && !m.readAt) {
          m.readAt = new Date().toISOString();
          read++;
        }
      return json(chat.readCustomer.response.parse({ read }));
    },
  };
  return {
    handlers,
    messages,
    sent,
    /** The next `n` sends answer 503 (the outcome unknown to the widget). */
    failNextSends: (n: number) => (failSends = n),
    /** A message stored without the widget hearing of it (the socket was down). */
    store(sender: ChatMessage['sender'], message: ChatMessageContent) {
      const stored = chatMessage(messages.length + 1, sender, message);
      messages.push(stored);
      return stored;
    },
  };
}

type Listener = (...args: unknown[]) => void;

/** A socket.io-client Socket, as much of it as the widget uses. */
export class FakeSocket {
  connected = false;
  active = true;
  connectCalls = 0;
  joins: unknown[] = [];
  /** How the server answers a join: the room's own ack, or a refusal. */
  joinOk = true;
  private listeners = new Map<string, Set<Listener>>();

  on(event: string, fn: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
    return this;
  }
  off(event: string, fn: Listener) {
    this.listeners.get(event)?.delete(fn);
    return this;
  }
  listenerCount(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }
  timeout() {
    return {
      emit: (
        event: string,
        payload: { room: string },
        ack: (error: Error | null, answer: unknown) => void,
      ) => {
        this.joins.push({ event, ...payload });
        const lastSeq = conversation.at(-1)?.seq ?? 0;
        setTimeout(
          () => ack(null, this.joinOk ? { ok: true, room: payload.room, lastSeq } : { ok: false }),
          0,
        );
      },
    };
  }
  connect() {
    this.connectCalls++;
    return this;
  }
  close() {
    this.active = false;
    this.connected = false;
  }

  private fire(event: string, ...args: unknown[]) {
    act(() => this.listeners.get(event)?.forEach((fn) => fn(...args)));
  }
  /** The server side: the connection comes up, drops, or sends an event. */
  up() {
    this.connected = true;
    this.fire('connect');
  }
  down() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  send(event: string, payload: unknown) {
    this.fire(event, payload);
  }
}

/** The sockets the widget asked for, by the handshake's auth. */
export const sockets = {
  opened: [] as Array<{ auth: unknown; socket: FakeSocket; released: boolean }>,
  last(): FakeSocket {
    const entry = sockets.opened.at(-1);
    if (!entry) throw new Error('no chat socket was asked for');
    return entry.socket;
  },
  reset() {
    sockets.opened = [];
    conversation = [];
  },
};

export async function acquireFakeSocket(auth: unknown) {
  const socket = new FakeSocket();
  const entry = { auth, socket, released: false };
  sockets.opened.push(entry);
  return {
    socket,
    release: () => {
      entry.released = true;
    },
  };
}

/** An XMLHttpRequest the test drives: progress, then the server's answer. */
export class FakeUpload {
  static all: FakeUpload[] = [];
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: FormData | undefined;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeUpload.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
  fail() {
    act(() => this.onerror?.());
  }
}
