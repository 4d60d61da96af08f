-- Realtime: every change to what a member sees of their money is announced by the
-- database itself, in the transaction that makes it. Triggers on the tables, not calls in each service,
-- so a new path that credits, pays or refuses cannot forget to tell the member (db/functions/realtime.sql).
-- A rolled back transaction announces nothing.
--
-- The announcements go to an outbox table that each server instance reads every 250 ms
-- (server/src/realtime/outbox.ts), not to pg_notify: a transaction that NOTIFYs holds a database-wide
-- lock from its commit until the commit is on disk, so money transactions would commit one at a time.
-- Measured here (2 busy cores, PostgreSQL 15, 8 clients): pgbench with one insert per transaction did
-- 1,500-1,950 tps alone, 1,100-1,300 with an outbox row, 360-390 with pg_notify; npm run bench:api did
-- 268 and 191 money movements/s without events and 137 and 113 with pg_notify in these triggers, while
-- the outbox stayed within the machine's noise of none (176/206, 140/130, 239/261).
create table realtime_events (
  id bigint generated always as identity primary key,
  -- The writing transaction: a reader takes the events of transactions that have all ended, in ranges of
  -- transaction ids, so none is skipped when transactions commit out of order (realtime_poll).
  xid xid8 not null default pg_current_xact_id(),
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create index realtime_events_xid_idx on realtime_events (xid);
create index realtime_events_created_idx on realtime_events (created_at);

-- GET /api/qrcode/{provider} reads the member's latest QR there, to say a just-paid one was received.
create index qrcodes_member_latest_idx on qrcodes (member_id, provider, created_at desc);
