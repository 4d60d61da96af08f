import type pg from 'pg';
import type { ListenHandlers } from './db.ts';

/** Waits before reconnecting a lost listener: 0.5 s, doubling, at most this. */
const MAX_RETRY_MS = 10_000;

/** LISTEN takes an identifier, not a parameter: only plain names are accepted. */
export function listenableChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/**
 * One PostgreSQL connection of its own that LISTENs (a pooled connection would be handed to queries and
 * lose it). When the connection drops it is opened again with a growing pause, and onReconnect tells the
 * caller that notifications of the gap were missed.
 */
export async function pgListener(
  Client: typeof pg.Client,
  config: pg.ClientConfig,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  const name = listenableChannel(channel);
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const open = async () => {
    const next = new Client(config);
    next.on('notification', (msg) => {
      if (msg.channel === name && msg.payload !== undefined) handlers.onPayload(msg.payload);
    });
    // A dropped connection emits 'error' and then 'end'; one reconnect is scheduled from 'end'.
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) client = undefined;
      if (!stopped) schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${name}`);
    client = next;
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      open().then(
        () => {
          retryMs = 500;
          handlers.onReconnect?.();
        },
        () => {
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          if (!stopped) schedule();
        },
      );
    }, retryMs);
    timer.unref();
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
