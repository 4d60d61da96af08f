import {
  moneyEventSchema,
  REALTIME_EVENTS,
  REALTIME_PATH,
  REALTIME_REFUSALS,
  type MoneyEvent,
} from '@krapao/contract';
import { yieldToMain } from '../../lib/yield';

export interface RealtimeHandlers {
  onMoney: (event: MoneyEvent) => void;
  /** Connected (true) or not (false); a connection after the first one may have missed events. */
  onStatus: (connected: boolean, reconnected: boolean) => void;
  /** The server refused the session (ended, expired, member inactive): the API will say so too. */
  onRefused: () => void;
}

/** Reconnects wait 1 s, growing to this, with jitter (a restarting server is not stampeded). */
const RECONNECT_MAX_MS = 15_000;

/**
 * Opens the member's one realtime socket (issue 7 item 8) with the session token in the handshake's
 * auth, never in the URL. socket.io-client is loaded here, on demand: it is part of the member shell,
 * never of /login. Answers the function that closes it.
 */
export async function openRealtime(token: string, handlers: RealtimeHandlers): Promise<() => void> {
  const { io } = await import('socket.io-client');
  // Loading the client and connecting are each a phone's tens of milliseconds: two tasks, not one.
  await yieldToMain();
  const socket = io({
    path: REALTIME_PATH,
    // WebSocket only: the server offers no long-polling (no sticky sessions behind a load balancer).
    transports: ['websocket'],
    auth: { token },
    reconnectionDelay: 1_000,
    reconnectionDelayMax: RECONNECT_MAX_MS,
  });
  let connections = 0;
  socket.on('connect', () => handlers.onStatus(true, ++connections > 1));
  socket.on('disconnect', (reason) => {
    handlers.onStatus(false, false);
    // The server closed it (the session ended): the client does not reconnect by itself then.
    if (reason === 'io server disconnect') handlers.onRefused();
  });
  socket.on('connect_error', (error) => {
    handlers.onStatus(false, false);
    if ((REALTIME_REFUSALS as readonly string[]).includes(error.message)) handlers.onRefused();
  });
  socket.on(REALTIME_EVENTS.money, (payload: unknown) => {
    const event = moneyEventSchema.safeParse(payload);
    if (event.success) handlers.onMoney(event.data);
  });
  return () => {
    socket.removeAllListeners();
    socket.close();
  };
}
