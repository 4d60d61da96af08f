import { REALTIME_EVENTS } from '@krapao/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

// test/setup.ts stands a stub in for the member shell's socket module: this file tests the real one.
const { openRealtime } = await vi.importActual<typeof import('../src/app/realtime/socket')>(
  '../src/app/realtime/socket',
);
const { acquireSocket } = await import('../src/lib/realtime-socket');

// A server that shuts down (a deploy, a restart: server/src/http/drain.ts) or cannot reach its database
// must not read as an ended session: the browser reconnects, to another instance or to this one when it is
// back, and the member stays logged in. socket.io-client is replaced by a recorder.

type Listener = (...args: unknown[]) => void;
interface Recorded {
  active: boolean;
  connects: number;
  closed: number;
  fire(event: string, ...args: unknown[]): void;
}
const made: Recorded[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const listeners = new Map<string, Set<Listener>>();
    const socket = {
      active: true,
      connected: false,
      connects: 0,
      closed: 0,
      on(event: string, fn: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(fn);
        return socket;
      },
      off(event: string, fn: Listener) {
        listeners.get(event)?.delete(fn);
        return socket;
      },
      listeners: (event: string) => [...(listeners.get(event) ?? [])],
      connect() {
        socket.active = true;
        socket.connects++;
        return socket;
      },
      close() {
        socket.active = false;
        socket.closed++;
      },
      fire(event: string, ...args: unknown[]) {
        listeners.get(event)?.forEach((fn) => fn(...args));
      },
    };
    made.push(socket);
    return socket;
  },
}));

afterEach(() => {
  vi.useRealTimers();
  made.length = 0;
});

describe('[prod] a server going away', () => {
  it('[prod] a draining server closes the socket as a lost connection: reported down, not a refused session, and Socket.IO reconnects by itself', async () => {
    const onRefused = vi.fn();
    const onStatus = vi.fn();
    const stop = await openRealtime('tok_member', { onMoney: () => {}, onStatus, onRefused });
    const socket = made[0]!;
    socket.fire('connect');
    expect(onStatus).toHaveBeenLastCalledWith(true, false);

    // What the browser sees when the server closes its sockets on SIGTERM: the client stays active.
    socket.fire('disconnect', 'transport close');
    expect(onStatus).toHaveBeenLastCalledWith(false, false);
    expect(onRefused).not.toHaveBeenCalled();
    expect(socket.closed).toBe(0);
    socket.fire('connect');
    expect(onStatus).toHaveBeenLastCalledWith(true, true);
    stop();
  });

  it('[prod] a handshake refused SERVICE_UNAVAILABLE (the database away) is tried again later, the session not in question', async () => {
    const onRefused = vi.fn();
    const stop = await openRealtime('tok_member', { onMoney: () => {}, onStatus: () => {}, onRefused });
    const socket = made[0]!;
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: the first wait is 1 s
    try {
      socket.active = false; // a refused handshake ends Socket.IO's own reconnection
      socket.fire('connect_error', new Error('SERVICE_UNAVAILABLE'));
      expect(onRefused).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1_000);
      expect(socket.connects).toBe(1);
    } finally {
      vi.restoreAllMocks();
      stop();
    }
  });
});

describe('money before the member shell listens', () => {
  it('[HOME-1] [DEP-11] money that reached the socket while only the chat held it is told to the shell when it listens, once', async () => {
    // The chat asks first (its widget opens before the shell's listener), and the socket is let in.
    const chat = await acquireSocket({ token: 'tok_early' });
    const socket = made[0]!;
    socket.fire('connect');
    const deposit = { type: 'deposit', depositId: 'D9', channel: 'BANK', status: 'SUCCESS', amount: 1500 };
    socket.fire(REALTIME_EVENTS.money, deposit);
    socket.fire(REALTIME_EVENTS.money, { type: 'balance' });

    const heard: unknown[] = [];
    const stop = await openRealtime('tok_early', {
      onMoney: (event) => heard.push(event),
      onStatus: () => {},
      onRefused: () => {},
    });
    expect(made).toHaveLength(1); // the chat's socket, shared
    expect(heard).toEqual([deposit, { type: 'balance' }]);
    // Heard from now on as it comes, and nothing told twice.
    socket.fire(REALTIME_EVENTS.money, { type: 'balance' });
    expect(heard).toHaveLength(3);
    stop();
    chat.release();
  });
});
