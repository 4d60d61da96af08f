import { describe, expect, it, vi } from 'vitest';
import { acquireSocket } from '../src/lib/realtime-socket';

// The page's one realtime connection (lib/realtime-socket): the member shell's money listener and the
// chat ask for it by the handshake's auth. socket.io-client is replaced by a recorder.

const made: Array<{ opts: Record<string, unknown>; active: boolean; closed: number }> = [];
vi.mock('socket.io-client', () => ({
  io: (opts: Record<string, unknown>) => {
    const socket = {
      opts,
      active: true,
      closed: 0,
      close() {
        socket.active = false;
        socket.closed++;
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
