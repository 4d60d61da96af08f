import { REALTIME_EVENTS, REALTIME_PATH, REALTIME_RETRY_LATER } from '@krapao/contract';
import type { Socket } from 'socket.io-client';
import { yieldToMain } from './yield';

// The one realtime connection of this page. The member shell listens on it for money, the chat for its
// messages: both ask for it here, so a member keeps one connection for both. A visitor gets one only
// while the chat is open, authenticated by their guest token (CHAT-7).

/** Who the handshake says is asking: a member's session token, or a chat guest's signed token. */
export type RealtimeAuth = { token: string } | { guestToken: string };

/** Reconnects wait 1 s, growing to this, with jitter (a restarting server is not stampeded). */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 15_000;

interface Shared {
  key: string;
  socket: Socket;
  users: number;
  retry: Retry;
  /** Money events no one heard: the chat opened the socket, the member shell does not listen yet. */
  unheardMoney: unknown[];
}

/** At most this many unheard money events are kept (a page's first moments hold one or two). */
const UNHEARD_MAX = 20;

/**
 * Keeps the money events that reach the socket while nobody else listens for them. The chat may open the
 * page's socket before the member shell's listener is there (app/realtime/socket.ts); the shell then
 * hears these first, so money that arrived in between is still announced.
 */
function keepUnheardMoney(socket: Socket, unheard: unknown[]) {
  socket.on(REALTIME_EVENTS.money, (payload: unknown) => {
    if (socket.listeners(REALTIME_EVENTS.money).length > 1) return;
    unheard.push(payload);
    if (unheard.length > UNHEARD_MAX) unheard.shift();
  });
}

interface Retry {
  /** A refused handshake will be tried again. */
  pending: () => boolean;
  stop: () => void;
}

/**
 * A handshake the server refuses (its middleware: TOO_MANY_REQUESTS from an address over its limit, or a
 * failure of its own) ends Socket.IO's own reconnection: the socket is no longer active. When the server
 * asks to come back later, the socket connects again after a wait that grows as the client's reconnection
 * waits, with jitter; a refused session is not tried again (the API says what happened, SH-13).
 */
function retryLater(socket: Socket): Retry {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onConnect = () => {
    attempt = 0;
  };
  const onConnectError = (error: Error) => {
    if (socket.active || !(REALTIME_RETRY_LATER as readonly string[]).includes(error.message)) return;
    clearTimeout(timer);
    const grown = RECONNECT_MIN_MS * 2 ** Math.min(attempt++, 10);
    const wait = Math.min(RECONNECT_MAX_MS, grown * (0.5 + Math.random()));
    timer = setTimeout(() => {
      timer = undefined;
      if (!socket.active) socket.connect();
    }, wait);
  };
  socket.on('connect', onConnect);
  socket.on('connect_error', onConnectError);
  return {
    pending: () => timer !== undefined,
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
    },
  };
}

/** The socket being opened or open, and the identity it was opened for. */
let current: { key: string; entry: Promise<Shared> } | undefined;

const keyOf = (auth: RealtimeAuth) => ('token' in auth ? `member:${auth.token}` : `guest:${auth.guestToken}`);

async function connect(auth: RealtimeAuth): Promise<Shared> {
  // socket.io-client loads here, on demand: never part of /login.
  const { io } = await import('socket.io-client');
  // Loading the client and connecting are each a phone's tens of milliseconds: two tasks, not one.
  await yieldToMain();
  const socket = io({
    path: REALTIME_PATH,
    // WebSocket only: the server offers no long-polling (no sticky sessions behind a load balancer).
    transports: ['websocket'],
    // The handshake's auth, never the URL (which lands in logs).
    auth,
    reconnectionDelay: RECONNECT_MIN_MS,
    reconnectionDelayMax: RECONNECT_MAX_MS,
    // Each identity is a connection of its own: a member who logs in after chatting as a guest.
    forceNew: true,
  });
  const unheardMoney: unknown[] = [];
  keepUnheardMoney(socket, unheardMoney);
  return { key: keyOf(auth), socket, users: 0, retry: retryLater(socket), unheardMoney };
}

export interface SocketLease {
  socket: Socket;
  /** Gives the socket back; the last user closes it. Removes nothing: each user removes its own listeners. */
  release: () => void;
  /** The money events the socket received while no one listened for them, oldest first; then forgotten. */
  takeUnheardMoney: () => unknown[];
}

/**
 * The page's socket for `auth`: the open one when it was opened for the same identity, else a new one
 * (an open socket of another identity closes once its users give it back).
 */
export async function acquireSocket(auth: RealtimeAuth): Promise<SocketLease> {
  const key = keyOf(auth);
  let reuse = current?.key === key ? await current.entry.catch(() => undefined) : undefined;
  // A socket the server closed (a session it ended) or one already given back does not come back; one
  // waiting to try a refused handshake again does.
  if (reuse && !reuse.socket.active && !reuse.retry.pending()) reuse = undefined;
  if (!reuse) {
    const entry = connect(auth);
    const mine = { key, entry };
    current = mine;
    entry.catch(() => {
      if (current === mine) current = undefined;
    });
    reuse = await entry;
  }
  const own = reuse;
  own.users++;
  let released = false;
  return {
    socket: own.socket,
    takeUnheardMoney: () => own.unheardMoney.splice(0),
    release: () => {
      if (released) return;
      released = true;
      if (--own.users > 0) return;
      own.retry.stop();
      own.socket.close();
    },
  };
}
