import type { MoneyEvent } from '@krapao/contract';
import { act } from '@testing-library/react';
import type { RealtimeHandlers } from '../src/app/realtime/socket';

// The member's realtime socket, stubbed for jsdom (test/setup.ts mocks app/realtime/socket with it):
// the app's own hook opens it, and a test plays the server's part.

let handlers: RealtimeHandlers | undefined;
let opened: string[] = [];

export const realtimeStub = {
  async open(token: string, next: RealtimeHandlers) {
    handlers = next;
    opened.push(token);
    return () => {
      if (handlers === next) handlers = undefined;
    };
  },
  /** The tokens sockets were opened with, in order. */
  opened: () => opened,
  isOpen: () => handlers !== undefined,
  connect(reconnected = false) {
    act(() => handlers?.onStatus(true, reconnected));
  },
  disconnect() {
    act(() => handlers?.onStatus(false, false));
  },
  send(event: MoneyEvent) {
    act(() => handlers?.onMoney(event));
  },
  reset() {
    handlers = undefined;
    opened = [];
  },
};
