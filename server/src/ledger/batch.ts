// Issue 22: money movements that arrive together go to the database together. A batcher queues the calls
// of one kind (withdrawals, bank-feed lines) and sends them as one call of a *_batch function
// (db/functions/withdrawals.sql, deposits.sql): one round trip, one transaction, one commit (one WAL
// flush) for the lot. Each item runs in a subtransaction of its own there, so each caller is answered on
// its own: a refusal fails that caller alone, and a movement commits with its idempotency key or not at all.
// A batch of fewer than MONEY_BATCH_MIN items that did not fill is its items' single calls, side by
// side. An item may name its member by the request's session (http/session-caller.ts): a single call
// reads it in its own statement, a batch in one statement for all of its items before the batch function.
// docs/decisions.md, "Money movements in batches", has the design and its failure cases.

import { membersOfSessions, sessionRefusal, type SessionContext } from '../http/session-caller.ts';

/** One item's answer from a batch function: its result, or the error the single call would have thrown. */
export type ItemOutcome<Result> = { value: Result } | { error: unknown };

export interface BatcherOptions {
  /** Items per database call at most (the batch functions take 64). */
  max: number;
  /** Batches of this kind in the database at once; calls that arrive meanwhile wait for the next batch. */
  inFlight: number;
  /**
   * How long the first call of a batch waits for others (ms). 0: until the end of this turn of the event
   * loop, so the requests that arrived together go together and a lone request waits for nothing.
   */
  windowMs: number;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (value: Result) => void;
  reject: (err: unknown) => void;
}

/**
 * Gathers calls and runs them in batches through `run`, which answers one outcome per item, in order.
 * A batch that fails as a whole (the connection lost, the commit refused) fails each of its callers with
 * that error: nothing of it committed, or, for a commit whose answer was lost, the callers' retries
 * under the same keys answer what happened, as for a single call.
 */
export class Batcher<Item, Result> {
  private queue: Array<Waiting<Item, Result>> = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: Item[]) => Promise<Array<ItemOutcome<Result>>>,
    private readonly opts: BatcherOptions,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    if (this.queue.length === 0 || this.running >= this.opts.inFlight) return;
    if (this.queue.length >= this.opts.max) {
      this.flush();
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      if (this.queue.length > 0 && this.running < this.opts.inFlight) this.flush();
    };
    if (this.opts.windowMs > 0) setTimeout(go, this.opts.windowMs);
    else setImmediate(go);
  }

  private flush() {
    const batch = this.queue.splice(0, this.opts.max);
    this.running++;
    this.run(batch.map((w) => w.item))
      .then(
        (outcomes) => {
          batch.forEach((w, i) => {
            const outcome = outcomes[i];
            if (!outcome) w.reject(new Error(`batch answered ${outcomes.length} of ${batch.length} items`));
            else if ('error' in outcome) w.reject(outcome.error);
            else w.resolve(outcome.value);
          });
        },
        (err: unknown) => {
          for (const w of batch) w.reject(err);
        },
      )
      .finally(() => {
        this.running--;
        this.pump();
      });
  }
}

/** What a *_batch function answers for each item beside its result: the failure, if it failed. */
export interface FailedColumns {
  failed_state: string | null;
  failed_message: string | null;
}

/** One kind of movement that can go in batches: its *_batch call, its single call, and a row's result. */
export interface MovementKind<C, Item, Row extends FailedColumns, Result> {
  /** The kind's *_batch function: one row per item, in order. */
  batch: (ctx: C, items: Item[]) => Promise<Row[]>;
  /** The single call: the path without batching, and an item run again alone. */
  alone: (ctx: C, item: Item) => Promise<Result>;
  /** A row that did not fail, as the single call answers. */
  value: (row: Row) => Result;
}

type BatchContext = SessionContext & {
  config: { moneyBatch: BatcherOptions & { on: boolean; min: number } };
};

/**
 * An item whose member may be named by the request's session instead (hex of its token's hash): the call
 * sets `member` once the session is read, for the caller to take.
 */
export interface SessionItem {
  member: string | null;
  session: string | null;
}

const bySession = (item: unknown): item is SessionItem & { session: string } =>
  typeof (item as Partial<SessionItem>).session === 'string' && (item as SessionItem).member === null;

/**
 * A kind's call: batched with the calls of the same kind and app (ctx) when MONEY_BATCH is on, alone
 * when it is off. An item the batch could not order its locks for (a deadlock, 40P01) moved nothing and
 * runs again alone; any other failure is the caller's, shaped as the single call would have thrown it.
 */
export function batchedMovement<C extends BatchContext, Item, Row extends FailedColumns, Result>(
  kind: MovementKind<C, Item, Row, Result>,
): (ctx: C, item: Item) => Promise<Result> {
  const batchers = new WeakMap<C, Batcher<Item, Result>>();
  const outcomeOf = async (ctx: C, row: Row, item: Item): Promise<ItemOutcome<Result>> => {
    if (row.failed_state === null) return { value: kind.value(row) };
    if (!RUN_AGAIN_ALONE.has(row.failed_state))
      return { error: sqlError(row.failed_state, row.failed_message ?? '') };
    return settled(kind.alone(ctx, item));
  };
  const call = (ctx: C, item: Item): Promise<Result> => {
    if (!ctx.config.moneyBatch.on) return kind.alone(ctx, item);
    let batcher = batchers.get(ctx);
    if (!batcher) {
      batcher = new Batcher(async (items) => {
        // A lone item is the single call: a batch's lock pass and subtransaction are there to keep its
        // items apart, and cost a lone item as much as its own work. So do a few items, each its single
        // call on a connection of its own, side by side, unless they filled a batch (docs/decisions.md).
        const { min, max } = ctx.config.moneyBatch;
        if (items.length < Math.min(min, max))
          return Promise.all(items.map((item) => settled(kind.alone(ctx, item))));
        const refused = await readSessions(ctx, items);
        const going = items.filter((_, i) => !refused.has(i));
        const rows = going.length > 0 ? await kind.batch(ctx, going) : [];
        const outcomes = await Promise.all(rows.map((row, i) => outcomeOf(ctx, row, going[i]!)));
        return items.map((_, i) => refused.get(i) ?? outcomes.shift()!);
      }, ctx.config.moneyBatch);
      batchers.set(ctx, batcher);
    }
    return batcher.submit(item);
  };
  return (ctx, item) => {
    if (!bySession(item)) return call(ctx, item);
    const session = Buffer.from(item.session, 'hex');
    return call(ctx, item).catch(async (err: unknown) => {
      throw await sessionRefusal(ctx, session, err);
    });
  };
}

/**
 * The sessions of a batch's items that name their member by one, read in one statement: each item with a
 * live session gets its member; the others are answered the session's refusal, by their index.
 */
async function readSessions(ctx: SessionContext, items: unknown[]): Promise<Map<number, ItemOutcome<never>>> {
  const refused = new Map<number, ItemOutcome<never>>();
  const waiting = items.flatMap((item, i) => (bySession(item) ? [{ item, i }] : []));
  if (waiting.length === 0) return refused;
  const members = await membersOfSessions(
    ctx,
    waiting.map((w) => w.item.session),
  );
  for (const { item, i } of waiting) {
    const read = members.get(item.session) ?? { refusal: 'invalid-token' };
    if ('member' in read) item.member = read.member;
    else refused.set(i, { error: sqlError('P0008', read.refusal) });
  }
  return refused;
}

/** A single call's answer as a batch item's outcome. */
function settled<Result>(call: Promise<Result>): Promise<ItemOutcome<Result>> {
  return call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** An item's failure as the batch function reports it, shaped like the driver's error of a single call. */
function sqlError(state: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code: state });
}

/**
 * SQLSTATEs after which an item is run again on its own: a deadlock (40P01) that the batch's lock order
 * did not prevent (docs/decisions.md) or a serialisation failure; the item moved nothing.
 */
const RUN_AGAIN_ALONE = new Set(['40P01', '40001']);
