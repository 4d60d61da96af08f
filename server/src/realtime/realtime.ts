// The realtime channel (docs/api.md "Realtime"): Socket.IO on the same HTTP server as the API. A member's
// browser keeps one socket, authenticated in the handshake like an API call; the database records every
// change to a member's money in the transaction that makes it (db/functions/realtime.sql), and each
// instance, reading those records on its own, nudges its own sockets. With REDIS_URL the Redis adapter
// lets any instance reach a socket on another for events that do not come from the database (the coming
// chat).
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  REALTIME_EVENTS,
  REALTIME_MAX_MESSAGE_BYTES,
  REALTIME_PATH,
  QUEUES_CHANGED_EVENT,
  type ChatJoinAck,
  type ErrorCode,
  type MoneyEvent,
} from '@krapao/contract';
import type { Ctx } from '../context.ts';
import { DatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';
import { sessionOfToken } from '../http/auth.ts';
import { closeRedis } from '../http/rate-limit.ts';
import { clientAddressOf } from '../http/trust-proxy.ts';
import { liveSessions } from '../http/sessions.ts';
import { redisKeys } from '../lib/redis-keys.ts';
import { parseDatabaseEvent, type DatabaseEvent } from './database-events.ts';
import { memoryHandshakeLimiter, redisHandshakeLimiter, type HandshakeLimiter } from './handshake-limit.ts';
import { readOutbox } from './outbox.ts';
import { guestCaller } from '../modules/chat/identity.ts';
import { callerSocketRoom, lastSeqOf, roomOf, type Caller } from '../modules/chat/service.ts';
import { MEMBERS_ROOM, memberRoom, sessionRoom, staffSessionRoom } from './rooms.ts';
import { STAFF_ROOM, throttled } from '../modules/queues/live.ts';
import { liveStaffSessions, resolveStaffSession } from '../modules/staff/sessions.ts';

/** How often an instance checks that its sockets' sessions are still live (expiry, deactivation). */
const SESSION_CHECK_MS = 30_000;
/** A handshake that has not authenticated by then is dropped. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Sessions checked per query by the sweep. */
const SESSION_CHECK_BATCH = 500;

/** A member's socket (money events and the chat), or a visitor's (the chat only). */
type SocketData =
  | { kind: 'member'; memberId: string; tokenHashHex: string }
  | { kind: 'guest'; guestId: string }
  // The operator console's socket (staff token): it hears only the staff room's nudges (queues/live.ts),
  // and closes when its staff session ends (staff.sql staff_session_ended, the sweep).
  | { kind: 'staff'; username: string; tokenHashHex: string };

export interface Realtime {
  /** Sends an event to every socket of the member, on every instance. */
  toMember(memberId: string, event: string, payload: unknown): void;
  /** Sends an event to a room (a chat conversation's), on every instance. */
  toRoom(room: string, event: string, payload: unknown): void;
  /** Closes this instance's sockets whose session is no longer live; answers how many. */
  checkSessions(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export function registerRealtime(app: FastifyInstance, ctx: Ctx) {
  let io: Server | undefined;
  let stopReading: (() => Promise<void>) | undefined;
  let closeAdapter: (() => Promise<void>) | undefined;
  let sweep: NodeJS.Timeout | undefined;

  app.decorate('realtime', {
    toMember(memberId, event, payload) {
      io?.to(memberRoom(memberId)).emit(event, payload);
    },
    toRoom(room, event, payload) {
      io?.to(room).emit(event, payload);
    },
    checkSessions: () => (io ? closeEndedSessions(ctx, io) : Promise.resolve(0)),
  } satisfies Realtime);

  app.addHook('onReady', async () => {
    io = new Server(app.server, {
      path: REALTIME_PATH,
      // WebSocket only: no long-polling, so several instances behind a load balancer need no sticky
      // sessions. Where a socket cannot connect, the deposit panels poll (web/src/app/realtime).
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: REALTIME_MAX_MESSAGE_BYTES,
      connectTimeout: CONNECT_TIMEOUT_MS,
    });
    let limiter: HandshakeLimiter = memoryHandshakeLimiter(ctx.config.realtimeHandshakesPerMin);
    if (ctx.config.redisUrl) {
      const redis = await useRedisAdapter(io, ctx);
      closeAdapter = redis.close;
      limiter = redisHandshakeLimiter(
        redis.client,
        ctx.config.realtimeHandshakesPerMin,
        redisKeys(ctx.config.redisPrefix).handshakes,
      );
    }
    const addressOf = clientAddressOf(ctx.config.trustProxy);
    io.use((socket, next) => {
      admit(ctx, limiter, addressOf(socket.request) ?? 'unknown', socket).then(
        () => next(),
        (err: unknown) => next(new Error(handshakeRefusal(ctx, err))),
      );
    });
    io.on('connection', (socket: Socket) => {
      const data = socket.data as SocketData;
      // A visitor's socket joins no member room: it hears only the chat room it joins below.
      if (data.kind === 'member')
        void socket.join([memberRoom(data.memberId), sessionRoom(data.tokenHashHex), MEMBERS_ROOM]);
      if (data.kind === 'staff') {
        void socket.join([STAFF_ROOM, staffSessionRoom(data.tokenHashHex)]);
        return;
      }
      socket.on(REALTIME_EVENTS.chatJoin, (...args: unknown[]) => {
        // emit('chat:join', ack) or emit('chat:join', { room }, ack): the ack is the last argument.
        const ack = args.at(-1);
        const asked = args.length > 1 ? args[0] : undefined;
        const answer = typeof ack === 'function' ? (ack as (a: ChatJoinAck) => void) : () => {};
        joinChat(ctx, socket, asked).then(answer, (err: unknown) => {
          ctx.log.error({ err }, 'realtime: chat join failed');
          answer({ ok: false, message: 'INTERNAL_SERVER_ERROR' });
        });
      });
    });
    const server = io;
    // Every instance reads every event: each nudges its own staff sockets (queues/live.ts).
    const nudgeStaff = throttled(() => server.local.to(STAFF_ROOM).emit(QUEUES_CHANGED_EVENT, {}));
    ctx.metrics.countSockets(() => server.of('/').sockets.size);
    stopReading = await readOutbox(ctx.db, {
      onPayload: (payload) => {
        const event = parseDatabaseEvent(payload);
        if (event) deliver(server, event);
        if (event?.kind === 'member') nudgeStaff();
        else if (!event) ctx.log.warn({ payload }, 'realtime: an event that is not ours');
      },
      onError: (err) => ctx.log.error({ err }, 'realtime: reading the events failed'),
      onRead: (horizon) => ctx.metrics.outboxRead(horizon),
      // Events written while reading failed may be gone: every member asks again.
      onRecovered: () => {
        ctx.log.warn('realtime: reading the events works again; members refresh');
        server.local.to(MEMBERS_ROOM).emit(REALTIME_EVENTS.money, { type: 'resync' } satisfies MoneyEvent);
      },
    });
    sweep = setInterval(() => {
      closeEndedSessions(ctx, server).catch((err: unknown) =>
        ctx.log.error({ err }, 'realtime: session check failed'),
      );
    }, SESSION_CHECK_MS);
    sweep.unref();
  });

  // Open sockets would hold the HTTP server's close: their connections go before it. Closed this way
  // (not disconnected by the server), browsers reconnect, to another instance or to this one restarted.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    io?.engine.close();
  });
  app.addHook('onClose', async () => {
    await stopReading?.();
    await closeAdapter?.();
  });
}

/**
 * The address's handshakes are counted before anything else: one over REALTIME_HANDSHAKES_PER_MIN is
 * refused TOO_MANY_REQUESTS without the session lookup, so bad tokens sent in bulk cost no query.
 */
async function admit(ctx: Ctx, limiter: HandshakeLimiter, address: string, socket: Socket) {
  // Redis down: the browser comes back later, as for a database outage (readiness names Redis).
  const within = await limiter.take(address).catch(() => {
    throw new AppError('SERVICE_UNAVAILABLE', 503);
  });
  if (!within) throw new AppError('TOO_MANY_REQUESTS', 429);
  await authenticate(ctx, socket);
}

/** The code a refused handshake tells the browser: its reason, or a failure of ours to try again later. */
function handshakeRefusal(ctx: Ctx, err: unknown): ErrorCode {
  if (err instanceof AppError) return err.code;
  // The browser comes back later (REALTIME_RETRY_LATER); readiness and the API report the outage.
  if (err instanceof DatabaseUnavailable) return 'SERVICE_UNAVAILABLE';
  ctx.log.error({ err }, 'realtime: handshake failed');
  return 'INTERNAL_SERVER_ERROR';
}

/**
 * The handshake's `auth.token` (never the query string, which lands in logs) must be a live session; a
 * visitor's chat socket brings `auth.guestToken` instead, which must verify (CHAT-7).
 */
async function authenticate(ctx: Ctx, socket: Socket) {
  const auth = socket.handshake.auth as
    { token?: unknown; guestToken?: unknown; staffToken?: unknown } | undefined;
  if (!auth?.token && typeof auth?.staffToken === 'string') {
    // A staff session that may use the console: signed in, TOTP enrolled, password chosen.
    const staff = /^[A-Za-z0-9_-]{20,200}$/.test(auth.staffToken)
      ? await resolveStaffSession(ctx, auth.staffToken)
      : undefined;
    if (!staff || staff.mustEnrolTotp || staff.mustChangePassword) throw new AppError('UNAUTHORIZED', 401);
    socket.data = {
      kind: 'staff',
      username: staff.username,
      tokenHashHex: staff.tokenHash.toString('hex'),
    } satisfies SocketData;
    return;
  }
  if (!auth?.token && auth?.guestToken) {
    const guest = guestCaller(ctx, auth.guestToken) as Extract<Caller, { kind: 'guest' }>;
    socket.data = { kind: 'guest', guestId: guest.guestId } satisfies SocketData;
    return;
  }
  const token = typeof auth?.token === 'string' ? auth.token : '';
  const session = await sessionOfToken(ctx, token);
  socket.data = {
    kind: 'member',
    memberId: session.memberId,
    tokenHashHex: session.tokenHash.toString('hex'),
  } satisfies SocketData;
}

/**
 * CHAT-3: chat:join puts the socket in its own conversation's room, PREFIX-userId or PREFIX-guestId, which
 * the server works out from the socket's identity. A room name sent along must be that one: asking for
 * another's is refused, and the socket joins nothing.
 */
async function joinChat(ctx: Ctx, socket: Socket, asked: unknown): Promise<ChatJoinAck> {
  const data = socket.data as SocketData;
  if (data.kind === 'staff') return { ok: false, message: 'CHAT_FORBIDDEN' };
  const caller: Caller =
    data.kind === 'member'
      ? { kind: 'member', memberId: data.memberId }
      : { kind: 'guest', guestId: data.guestId };
  const room = await roomOf(ctx.db, caller);
  const claimed = typeof asked === 'string' ? asked : (asked as { room?: unknown } | undefined)?.room;
  if (claimed !== undefined && claimed !== null && claimed !== room)
    return { ok: false, message: 'CHAT_FORBIDDEN' };
  // Joined by the full id (service.ts socketRoomOf); CHAT-3's name is what the web asked for and is told.
  await socket.join(callerSocketRoom(caller));
  // Read after the join: a message announced from now on reaches the socket, one before is in lastSeq.
  return { ok: true, room, lastSeq: await lastSeqOf(ctx.db, caller) };
}

/** The database's event reaches this instance's sockets; every other instance reads it too. */
function deliver(io: Server, event: DatabaseEvent) {
  switch (event.kind) {
    case 'member':
      io.local.to(memberRoom(event.memberId)).emit(REALTIME_EVENTS.money, event.event);
      return;
    case 'sessionEnded':
      io.local.in(sessionRoom(event.tokenHashHex)).disconnectSockets(true);
      return;
    case 'memberInactive':
      io.local.in(memberRoom(event.memberId)).disconnectSockets(true);
      return;
    case 'staffSessionEnded':
      io.local.in(staffSessionRoom(event.tokenHashHex)).disconnectSockets(true);
      return;
  }
}

/**
 * The backstop of the session announcements: sessions that expired, or ended while not heard; a
 * member's and a staff member's alike.
 */
async function closeEndedSessions(ctx: Ctx, io: Server): Promise<number> {
  const sockets = [...io.of('/').sockets.values()];
  let closed = 0;
  for (let i = 0; i < sockets.length; i += SESSION_CHECK_BATCH) {
    const batch = sockets.slice(i, i + SESSION_CHECK_BATCH);
    const hashesOf = (kind: 'member' | 'staff') => [
      ...new Set(
        batch.flatMap((s) => {
          const data = s.data as SocketData;
          return data.kind === kind ? [data.tokenHashHex] : [];
        }),
      ),
    ];
    const now = ctx.clock.now();
    const live = new Set([
      ...(await liveSessions(ctx.db, hashesOf('member'), now)),
      ...(await liveStaffSessions(ctx.db, hashesOf('staff'), now)),
    ]);
    for (const socket of batch) {
      const data = socket.data as SocketData;
      // A visitor has no session to end.
      if (data.kind === 'guest' || live.has(data.tokenHashHex)) continue;
      socket.disconnect(true);
      closed++;
    }
  }
  return closed;
}

/**
 * Two Redis connections (Redis needs one of its own to subscribe); answers the one that takes commands
 * (the handshake limit counts there too) and how to close them. Redis may be down, at the start too: the
 * adapter does not catch its clients' promises, so each one it calls is caught here, or an outage would
 * end the process. Publishing fails at once while Redis is down (a chat message reaches its room by the
 * web's catch-up instead); subscribing waits for the connection, and ioredis subscribes again after each
 * reconnect, so the instance hears the others again when Redis returns.
 */
async function useRedisAdapter(io: Server, ctx: Ctx): Promise<{ client: Redis; close: () => Promise<void> }> {
  const [{ Redis }, { createAdapter }] = await Promise.all([
    import('ioredis'),
    import('@socket.io/redis-adapter'),
  ]);
  const pub = new Redis(ctx.config.redisUrl!, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
  const sub = pub.duplicate({ maxRetriesPerRequest: null });
  let down = false;
  for (const client of [pub, sub]) {
    client.on('error', (err) => {
      if (!down) ctx.log.warn({ err }, 'realtime: Redis unavailable');
      down = true;
    });
    client.on('ready', () => {
      if (down) ctx.log.info('realtime: Redis is back');
      down = false;
    });
  }
  const quiet = (err: unknown) => ctx.log.debug({ err }, 'realtime: a Redis command failed');
  catchCalls(pub, ['publish'], quiet);
  catchCalls(sub, ['psubscribe', 'subscribe', 'punsubscribe', 'unsubscribe'], quiet);
  io.adapter(createAdapter(pub, sub, { key: redisKeys(ctx.config.redisPrefix).realtime }));
  return {
    client: pub,
    close: async () => {
      await io.of('/').adapter.close();
      await Promise.allSettled([closeRedis(pub), closeRedis(sub)]);
    },
  };
}

/** The client's methods still answer their promise, with a handler attached: a rejection is never unhandled. */
function catchCalls(client: Redis, methods: readonly string[], onError: (err: unknown) => void) {
  const target = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of methods) {
    const call = target[name]!.bind(client);
    target[name] = (...args: unknown[]) => {
      const answer = call(...args);
      if (answer instanceof Promise) answer.catch(onError);
      return answer;
    };
  }
}
