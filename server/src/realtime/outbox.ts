import type { Db, Json } from '../db/db.ts';

/** How often an instance reads the outbox: the most a member waits for a nudge, give or take a query. */
export const OUTBOX_POLL_MS = 250;
/** Events are kept this long, for an instance that paused (a long GC, a slow query) to catch up. */
const KEEP_EVENTS_MIN = 10;
const PRUNE_EVERY_MS = 60_000;
/** After a failed read, the next one waits this long, growing to at most MAX_BACKOFF_MS. */
const MAX_BACKOFF_MS = 5_000;

export interface OutboxHandlers {
  onPayload: (payload: unknown) => void;
  /** Reading failed for a while and works again: events may have been pruned meanwhile. */
  onRecovered: () => void;
  onError: (err: unknown) => void;
  /** Every event before this horizon has been read (the metrics' outbox lag counts from it). */
  onRead?: (horizon: string) => void;
}

/**
 * Leaves `horizon`, read at `at`, for every instance, and deletes the events of transactions that ended
 * before a horizon any instance read KEEP_EVENTS_MIN before `at` (db/functions/realtime.sql): an instance
 * that lived only a minute still lets the others prune, and a fleet that restarts often still prunes.
 */
export async function pruneRealtimeEvents(db: Db, horizon: string, at: Date): Promise<void> {
  await db.query('select realtime_prune($1::xid8, $2, $3::interval)', [
    horizon,
    at,
    `${KEEP_EVENTS_MIN} minutes`,
  ]);
}

/**
 * Reads the realtime events the database's triggers write (db/functions/realtime.sql), from now on,
 * each once, in the order they were written. Every instance reads them all and keeps what concerns its
 * own sockets. Answers the function that stops reading.
 */
export async function readOutbox(db: Db, handlers: OutboxHandlers): Promise<() => Promise<void>> {
  const [start] = await db.query<{ horizon: string }>(
    'select pg_snapshot_xmin(pg_current_snapshot())::text as horizon',
  );
  let from = start!.horizon;
  let stopped = false;
  let failing = false;
  let backoffMs = OUTBOX_POLL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // The first read prunes too: an instance that lives less than a minute still leaves its horizon.
  let prunedAt = -Infinity;

  const read = async () => {
    // payload: an event as the triggers wrote it (realtime/database-events.ts checks it); null on the
    // row that only carries the horizon.
    const rows = await db.query<{ horizon: string; payload: Json }>(
      'select horizon::text as horizon, payload from realtime_poll($1::xid8)',
      [from],
    );
    for (const row of rows) if (row.payload !== null) handlers.onPayload(row.payload);
    from = rows[0]!.horizon;
    handlers.onRead?.(from);
    if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await pruneRealtimeEvents(db, from, new Date(prunedAt));
    }
  };
  const tick = () => {
    running = read().then(
      () => {
        if (failing) handlers.onRecovered();
        failing = false;
        backoffMs = OUTBOX_POLL_MS;
      },
      (err: unknown) => {
        if (!failing) handlers.onError(err);
        failing = true;
        backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
      },
    );
    void running.then(() => {
      if (stopped) return;
      timer = setTimeout(tick, failing ? backoffMs : OUTBOX_POLL_MS);
      timer.unref();
    });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
