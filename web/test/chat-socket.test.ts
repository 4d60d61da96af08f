import { describe, expect, it, vi } from 'vitest';
import { acquireSocket } from '../src/lib/realtime-socket';

// The page's one realtime connection (lib/realtime-socket): the member shell's money listener and the
// chat ask for it by the handshake's auth. socket.io-client is replaced by a recorder.

type Listener = (...args: unknown[]) => void;
interface Made {
  opts: Record<string, unknown>;
  active: boolean;
  closed: number;
  connects: number;
  /** The server refuses the handshake: Socket.IO's client stops reconnecting, then says why. */
  refuse(message: string): void;
  /** The handshake succeeds. */
  up(): void;
}
const made: Made[] = [];
vi.mock('socket.io-client', () => ({
  io: (opts: Record<string, unknown>) => {
    const listeners = new Map<string, Set<Listener>>();
    const fire = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((fn) => fn(...args));
    const socket = {
      opts,
      active: true,
      connected: false,
      closed: 0,
      connects: 0,
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
        socket.connected = false;
        socket.closed++;
      },
      refuse(message: string) {
        socket.active = false;
        fire('connect_error', new Error(message));
      },
      up() {
        socket.connected = true;
        fire('connect');
      },
    };
    made.push(socket);
    return socket;
  },
}));

describe('the page’s realtime socket', () => {
  it('[CHAT-3] [CHAT-7] money and chat share a member’s socket; a guest token opens its own; the last user closes it', async () => {
    const money = await acquireSocket({ token: 'tok_member' });
    const chat = await acquireSocket({ token: 'tok_member' });
    expect(made).toHaveLength(1);
    expect(chat.socket).toBe(money.socket);
    // The token travels in the handshake's auth, over WebSocket only.
    expect(made[0]!.opts).toMatchObject({ auth: { token: 'tok_member' }, transports: ['websocket'] });

    chat.release();
    chat.release();
    expect(made[0]!.closed).toBe(0);
    money.release();
    expect(made[0]!.closed).toBe(1);

    // A closed socket is not handed out again; a visitor's chat has its own, with the guest token.
    const again = await acquireSocket({ token: 'tok_member' });
    expect(made).toHaveLength(2);
    const guest = await acquireSocket({ guestToken: 'gt_signed' });
    expect(made).toHaveLength(3);
    expect(made[2]!.opts).toMatchObject({ auth: { guestToken: 'gt_signed' } });
    expect(guest.socket).not.toBe(again.socket);
    guest.release();
    again.release();
    expect(made.every((s) => s.closed === 1)).toBe(true);
  });
});

describe('a refused handshake', () => {
  it('[trust-8] TOO_MANY_REQUESTS is tried again after a wait that grows, back to short once connected; the socket is still the page’s', async () => {
    made.length = 0;
    const money = await acquireSocket({ token: 'tok_member' });
    const socket = made[0]!;
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: the waits are 1 s, 2 s, 4 s
    try {
      socket.refuse('TOO_MANY_REQUESTS');
      vi.advanceTimersByTime(999);
      expect(socket.connects).toBe(0);
      // The chat asking meanwhile shares the socket that is waiting, not a second handshake.
      const chat = await acquireSocket({ token: 'tok_member' });
      expect(chat.socket).toBe(money.socket);
      expect(made).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(socket.connects).toBe(1);

      socket.refuse('TOO_MANY_REQUESTS');
      vi.advanceTimersByTime(1_999);
      expect(socket.connects).toBe(1);
      vi.advanceTimersByTime(1);
      expect(socket.connects).toBe(2);

      // A server failure of its own is tried again too; after a connection the wait starts again at 1 s.
      socket.refuse('INTERNAL_SERVER_ERROR');
      vi.advanceTimersByTime(4_000);
      expect(socket.connects).toBe(3);
      socket.up();
      socket.refuse('TOO_MANY_REQUESTS');
      vi.advanceTimersByTime(1_000);
      expect(socket.connects).toBe(4);

      // Given back while waiting: nothing connects again.
      socket.refuse('TOO_MANY_REQUESTS');
      chat.release();
      money.release();
      vi.advanceTimersByTime(60_000);
      expect(socket.connects).toBe(4);
      expect(socket.closed).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('[trust-8] a refused session is not tried again; the money listener asks the API only then, never for TOO_MANY_REQUESTS', async () => {
    const { openRealtime } = await vi.importActual<typeof import('../src/app/realtime/socket')>(
      '../src/app/realtime/socket',
    );
    made.length = 0;
    const onRefused = vi.fn();
    const onStatus = vi.fn();
    const stop = await openRealtime('tok_other', { onMoney: () => {}, onStatus, onRefused });
    const socket = made[0]!;
    vi.useFakeTimers();

    socket.refuse('TOO_MANY_REQUESTS');
    expect(onStatus).toHaveBeenLastCalledWith(false, false);
    // The session is not in question: nothing asks the API whether it ended (which would log out).
    expect(onRefused).not.toHaveBeenCalled();
    vi.advanceTimersByTime(15_000);
    expect(socket.connects).toBe(1);

    socket.refuse('invalid-token');
    expect(onRefused).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(socket.connects).toBe(1);
    stop();
    expect(socket.closed).toBe(1);
  });
});
