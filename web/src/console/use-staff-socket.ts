import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QUEUES_CHANGED_EVENT, REALTIME_PATH } from '@krapao/contract';
import { consoleKeys } from './api/keys';
import { getStaffToken } from './session';

/**
 * The queries a "queues changed" nudge makes stale: the tiles, the queue tables, the chats, and the
 * requests waiting for a second person (another staff member's request changes the home's approvals tile).
 */
export const LIVE_KEYS = [
  consoleKeys.queues(),
  ['console', 'queue'],
  ['console', 'chats'],
  ['console', 'approvals'],
] as const;

/**
 * The console's socket: the staff token in the handshake (never a member's), in the staff room, where the
 * server says only "queues changed" (server/src/modules/queues/live.ts); the tiles, tables and chats are
 * then asked again. The tiles also poll (api/queries.ts) for a socket that cannot connect. The server
 * closes it when the staff session ends (sign-out, disabled, a role change, expiry): the shell then asks
 * who is signed in, and the API's UNAUTHORIZED takes the tab to the sign-in page (api/client.ts).
 */
export function useStaffSocket() {
  const client = useQueryClient();
  useEffect(() => {
    const token = getStaffToken();
    if (!token) return;
    let closed = false;
    let close = () => {};
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const socket = io({
        path: REALTIME_PATH,
        transports: ['websocket'],
        auth: { staffToken: token },
        forceNew: true,
      });
      socket.on(QUEUES_CHANGED_EVENT, () => {
        for (const queryKey of LIVE_KEYS) void client.invalidateQueries({ queryKey });
      });
      const askWhoAmI = () => void client.invalidateQueries({ queryKey: consoleKeys.me() });
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') askWhoAmI();
      });
      socket.on('connect_error', (error) => {
        if (error.message === 'UNAUTHORIZED') askWhoAmI();
      });
      close = () => socket.close();
    });
    return () => {
      closed = true;
      close();
    };
  }, [client]);
}
