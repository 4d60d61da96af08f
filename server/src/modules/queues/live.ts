// "Queues changed": a nudge without data to every signed-in staff socket (the staff room, joined at a
// handshake that brought a live staff token: realtime/realtime.ts), after which the console asks
// GET /api/console/queues again. Sent after any request that may change a queue (a deposit, a bank line,
// a withdrawal, a slip, a game transfer, a chat message, a console or operator action) and after every
// money event the database announces; at most once per NUDGE_EVERY_MS, so a burst costs one refetch.
import type { FastifyInstance } from 'fastify';
import { QUEUES_CHANGED_EVENT } from '@krapao/contract';

export const STAFF_ROOM = 'console-staff';
const NUDGE_EVERY_MS = 500;

/** `fn` at most once per `everyMs`; a call inside the window is sent at its end (never lost). */
export function throttled(fn: () => void, everyMs = NUDGE_EVERY_MS): () => void {
  let last = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  return () => {
    if (timer) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        last = Date.now();
        fn();
      },
      Math.max(0, last + everyMs - Date.now()),
    );
    timer.unref();
  };
}

/** A request that changes something (not a read) and succeeded: the queues may have moved. */
export function nudgeStaffAfterChanges(app: FastifyInstance) {
  const nudge = throttled(() => app.realtime.toRoom(STAFF_ROOM, QUEUES_CHANGED_EVENT, {}));
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400) return;
    if (req.url.startsWith('/api/console/session') || req.url.startsWith('/api/console/totp')) return;
    nudge();
  });
}
