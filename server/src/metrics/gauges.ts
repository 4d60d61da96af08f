// The gauges read when Prometheus scrapes: the reconcilers' backlogs, the realtime outbox's lag, the open
// sockets, the slip QR workers' counts and the database pool. The database's share is one statement per
// scrape, on partial indexes that exist for the reconcilers (withdrawals_status_idx,
// game_transfers_pending_idx) and the outbox's xid index; the vouchers' backlog comes from the voucher
// reconciler's own runs instead, since nothing indexes truewallet_vouchers by status.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import type { Clock } from '../lib/clock.ts';
import type { Metrics } from './metrics.ts';

/**
 * Each queue's size and the age of its oldest item, in seconds: payouts sent with no answer yet
 * (PROCESSING, since the send), withdrawals not sent yet (PENDING: waiting for approval, or for the
 * reconciler under autoPayout), game transfer legs without an outcome (since the transfer began), and the
 * realtime events committed that this instance has not read (since written, by the database's clock).
 */
const SNAPSHOT_SQL = `
  select 'payouts' as queue, count(*)::int as size,
         coalesce(extract(epoch from $1::timestamptz - min(updated_at)), 0)::float8 as age
  from withdrawals where status = 'PROCESSING'
  union all
  select 'withdrawals_pending', count(*)::int, coalesce(extract(epoch from $1::timestamptz - min(updated_at)), 0)::float8
  from withdrawals where status = 'PENDING'
  union all
  select 'game_transfers', count(*)::int, coalesce(extract(epoch from $1::timestamptz - min(created_at)), 0)::float8
  from game_transfers where status = 'PENDING'
  union all
  select 'outbox', count(*)::int, coalesce(extract(epoch from now() - min(created_at)), 0)::float8
  from realtime_events where xid >= $2::xid8`;

type Queue = 'payouts' | 'withdrawals_pending' | 'game_transfers' | 'outbox';
type Snapshot = Map<Queue, { size: number; age: number }>;

export interface GaugeSources {
  vouchersUnsettled: Metrics['vouchersUnsettled'];
  outboxRead: Metrics['outboxRead'];
  countSockets: Metrics['countSockets'];
  countQrReads: Metrics['countQrReads'];
}

export function gauges(registry: Registry, db: Db, clock: Clock, log: FastifyBaseLogger): GaugeSources {
  let horizon: string | undefined;
  let readAt: number | undefined;
  let vouchers = new Map<string, number>();
  let sockets: (() => number) | undefined;

  // The gauges below are collected concurrently (prom-client's Registry.metrics): they share one read.
  let reading: Promise<Snapshot | undefined> | undefined;
  const snapshot = () => (reading ??= readSnapshot().finally(() => (reading = undefined)));
  const readSnapshot = async (): Promise<Snapshot | undefined> => {
    try {
      const rows = await db.query<{ queue: Queue; size: number; age: number }>(SNAPSHOT_SQL, [
        clock.now(),
        horizon ?? null,
      ]);
      return new Map(rows.map((r) => [r.queue, { size: r.size, age: Math.max(0, r.age) }]));
    } catch (err) {
      log.warn({ err }, 'metrics: the backlogs could not be read');
      return undefined;
    }
  };
  /** The vouchers' queue as the voucher reconciler's last run left it. */
  const voucherQueue = () => {
    const first = [...vouchers.values()].reduce((a, b) => Math.min(a, b), Infinity);
    const age = vouchers.size ? Math.max(0, (clock.now().getTime() - first) / 1000) : 0;
    return { size: vouchers.size, age };
  };

  const reconcilerGauge = (name: string, help: string, pick: 'size' | 'age') =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const read = await snapshot();
        for (const queue of ['payouts', 'withdrawals_pending', 'game_transfers'] as const) {
          const row = read?.get(queue);
          // Unread (the database did not answer): no value rather than a stale one.
          if (row) this.set({ queue }, row[pick]);
          else this.remove({ queue });
        }
        this.set({ queue: 'vouchers' }, voucherQueue()[pick]);
      },
    });
  reconcilerGauge(
    'krapao_reconciler_backlog',
    'Items waiting for a reconciler or the operator, by queue (docs/metrics.md)',
    'size',
  );
  reconcilerGauge(
    'krapao_reconciler_oldest_seconds',
    'Age of the oldest item waiting in each queue, in seconds (docs/metrics.md)',
    'age',
  );

  const outboxGauge = (name: string, help: string, pick: 'size' | 'age') =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const row = horizon === undefined ? undefined : (await snapshot())?.get('outbox');
        this.set(row?.[pick] ?? 0);
      },
    });
  outboxGauge(
    'krapao_outbox_lag_events',
    "Realtime events committed that this instance's outbox reader has not read yet",
    'size',
  );
  outboxGauge(
    'krapao_outbox_lag_seconds',
    "Age of the oldest realtime event this instance's outbox reader has not read yet, in seconds",
    'age',
  );
  new Gauge({
    name: 'krapao_outbox_read_age_seconds',
    help: "Seconds since this instance's outbox reader last read (every 250 ms when healthy)",
    registers: [registry],
    collect() {
      this.set(readAt === undefined ? 0 : (performance.now() - readAt) / 1000);
    },
  });

  new Gauge({
    name: 'krapao_realtime_sockets',
    help: 'Open realtime (Socket.IO) sockets on this instance, members and visitors',
    registers: [registry],
    collect() {
      this.set(sockets?.() ?? 0);
    },
  });

  let qrReads: Parameters<Metrics['countQrReads']>[0] | undefined;
  new Counter({
    name: 'krapao_slip_qr_reads_total',
    help: 'Slip pictures the QR workers were done with, by lane (quick, slow) and outcome (read, unreadable, out_of_time, crashed)',
    labelNames: ['lane', 'outcome'] as const,
    registers: [registry],
    collect() {
      // The counts are the workers' own (the process's): each scrape reports them as they stand.
      this.reset();
      for (const { lane, outcome, pictures } of qrReads?.() ?? []) this.inc({ lane, outcome }, pictures);
    },
  });

  // PostgreSQL only: PGlite is one connection inside the process, with no pool to run short.
  if (db.poolUse) {
    const poolGauge = (name: string, help: string, pick: 'total' | 'idle' | 'waiting' | 'max') =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const use = db.poolUse?.();
          if (use) this.set(use[pick]);
        },
      });
    poolGauge('krapao_db_pool_connections', 'Connections the PostgreSQL pool holds', 'total');
    poolGauge('krapao_db_pool_idle', 'Connections of the PostgreSQL pool that are idle', 'idle');
    poolGauge('krapao_db_pool_waiting', 'Queries waiting for a connection of the PostgreSQL pool', 'waiting');
    poolGauge('krapao_db_pool_max', 'The most connections the PostgreSQL pool opens', 'max');
  }

  return {
    vouchersUnsettled(hashes) {
      const now = clock.now().getTime();
      vouchers = new Map(hashes.map((h) => [h, vouchers.get(h) ?? now]));
    },
    outboxRead(at) {
      horizon = at;
      readAt = performance.now();
    },
    countSockets(count) {
      sockets = count;
    },
    countQrReads(count) {
      qrReads = count;
    },
  };
}
