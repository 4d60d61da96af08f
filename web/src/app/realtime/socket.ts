import { moneyEventSchema, REALTIME_EVENTS, REALTIME_REFUSALS, type MoneyEvent } from '@krapao/contract';
import { PARSE_OPTIONS } from '../../lib/api-client';
import { acquireSocket } from '../../lib/realtime-socket';

export interface RealtimeHandlers {
  onMoney: (event: MoneyEvent) => void;
  /** Connected (true) or not (false); a connection after the first one may have missed events. */
  onStatus: (connected: boolean, reconnected: boolean) => void;
  /** The server refused the session (ended, expired, member inactive): the API will say so too. */
  onRefused: () => void;
}

/**
 * Listens for the member's money on the page's one realtime socket (lib/realtime-socket:
 * the chat shares it), opened with the session token in the handshake's auth, never in the URL. Answers
 * the function that stops listening; the socket closes once no one else uses it.
 */
export async function openRealtime(token: string, handlers: RealtimeHandlers): Promise<() => void> {
  const { socket, release, takeUnheardMoney } = await acquireSocket({ token });
  let connections = 0;
  const onConnect = () => handlers.onStatus(true, ++connections > 1);
  const onDisconnect = (reason: string) => {
    handlers.onStatus(false, false);
    // The server closed it (the session ended): the client does not reconnect by itself then.
    if (reason === 'io server disconnect') handlers.onRefused();
  };
  const onConnectError = (error: Error) => {
    handlers.onStatus(false, false);
    if ((REALTIME_REFUSALS as readonly string[]).includes(error.message)) handlers.onRefused();
  };
  const onMoney = (payload: unknown) => {
    const event = moneyEventSchema.safeParse(payload, PARSE_OPTIONS);
    if (event.success) handlers.onMoney(event.data);
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  socket.on(REALTIME_EVENTS.money, onMoney);
  // The chat may have opened the socket first: it is connected already, and money may have come meanwhile.
  takeUnheardMoney().forEach(onMoney);
  if (socket.connected) onConnect();
  return () => {
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onConnectError);
    socket.off(REALTIME_EVENTS.money, onMoney);
    release();
  };
}
