-- Realtime (issue 7 item 8): every change to what a member sees of their money is announced by the
-- database itself, in the transaction that makes it. Triggers on the tables, not calls in each service,
-- so a new path that credits, pays or refuses cannot forget to tell the member: bank feed, QR callbacks,
-- vouchers and their reconciler, slips, withdrawals and the payout reconciler, operator credits and
-- approvals alike. A rolled back transaction announces nothing.
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

-- Payloads are small JSON: {"member": id, "event": {...}} goes to the member's sockets (the event is the
-- contract's MoneyEvent, amounts in baht); {"sessionEnded": hex} and {"memberInactive": id} end sockets.
-- An identical payload already written by this transaction is not written again (a deposit moves the
-- balance of an account or two: one "balance" event).
create function realtime_notify(p_payload jsonb) returns void language plpgsql as $$
begin
  if exists (select 1 from realtime_events where xid = pg_current_xact_id() and payload = p_payload) then
    return;
  end if;
  insert into realtime_events (payload) values (p_payload);
end $$;

-- The events of every transaction that ended since p_from (a horizon this function answered before),
-- and the new horizon: the oldest transaction still running. Transactions from it on are read next time,
-- once they have ended, so an event is read once even when a later transaction committed first.
-- The first row carries the horizon alone; the events follow in the order they were written.
create function realtime_poll(p_from xid8) returns table (horizon xid8, payload jsonb)
language sql stable as $$
  with h as (select pg_snapshot_xmin(pg_current_snapshot()) as horizon)
  select horizon, payload from (
    select h.horizon, null::jsonb as payload, 0::bigint as id from h
    union all
    select h.horizon, e.payload, e.id from h, realtime_events e
    where e.xid >= p_from and e.xid < h.horizon
  ) rows order by id
$$;

create function realtime_member_event(p_member bigint, p_event jsonb) returns void language plpgsql as $$
begin
  perform realtime_notify(jsonb_build_object('member', p_member::text, 'event', p_event));
end $$;

create function realtime_baht(p_minor bigint) returns numeric language sql immutable as $$
  select round(p_minor / 100.0, 2)
$$;

create function realtime_deposit_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then return null; end if;
  -- A notice answered by a credit (migration 012) is that credit, announced by its own row in the same
  -- transaction: announcing the notice too would say "received" twice for one transfer.
  if new.answered_by is not null then return null; end if;
  perform realtime_member_event(new.member_id, jsonb_build_object(
    'type', 'deposit', 'depositId', 'D' || new.id, 'channel', new.channel, 'status', new.status,
    'amount', realtime_baht(new.amount)));
  return null;
end $$;
create trigger deposits_realtime after insert or update of status on deposits
  for each row execute function realtime_deposit_changed();

create function realtime_qrcode_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then return null; end if;
  perform realtime_member_event(new.member_id, jsonb_build_object(
    'type', 'qrcode', 'qrcodeId', new.public_id, 'provider', new.provider, 'status', new.status,
    'amount', realtime_baht(new.amount)));
  return null;
end $$;
create trigger qrcodes_realtime after insert or update of status on qrcodes
  for each row execute function realtime_qrcode_changed();

create function realtime_slip_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then return null; end if;
  perform realtime_member_event(new.member_id, jsonb_build_object(
    'type', 'slip', 'slipId', new.public_id, 'status', new.status,
    'amount', case when new.amount is null then null else realtime_baht(new.amount) end));
  return null;
end $$;
create trigger slips_realtime after insert or update of status on slips
  for each row execute function realtime_slip_changed();

create function realtime_withdrawal_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then return null; end if;
  perform realtime_member_event(new.member_id, jsonb_build_object(
    'type', 'withdrawal', 'withdrawalId', new.public_id, 'status', new.status,
    'amount', realtime_baht(new.amount)));
  return null;
end $$;
create trigger withdrawals_realtime after insert or update of status on withdrawals
  for each row execute function realtime_withdrawal_changed();

-- The catch-all: whatever moves a member's balance (a game transfer, a bonus, a correction to come) is
-- announced even when no table above changed. ledger_post updates each account once per entry.
create function realtime_balance_changed() returns trigger language plpgsql as $$
begin
  if new.member_id is null or new.balance = old.balance then return null; end if;
  perform realtime_member_event(new.member_id, jsonb_build_object('type', 'balance'));
  return null;
end $$;
create trigger ledger_accounts_realtime after update of balance on ledger_accounts
  for each row execute function realtime_balance_changed();

-- A session ends (logout, expiry noticed, a password change revoking the others): its sockets close.
create function realtime_session_ended() returns trigger language plpgsql as $$
begin
  perform realtime_notify(jsonb_build_object('sessionEnded', encode(old.token_hash, 'hex')));
  return null;
end $$;
create trigger sessions_realtime after delete on sessions
  for each row execute function realtime_session_ended();

create function realtime_member_status_changed() returns trigger language plpgsql as $$
begin
  if new.status <> 'active' and old.status = 'active' then
    perform realtime_notify(jsonb_build_object('memberInactive', new.id::text));
  end if;
  return null;
end $$;
create trigger members_realtime after update of status on members
  for each row execute function realtime_member_status_changed();

-- GET /api/qrcode/{provider} reads the member's latest QR there, to say a just-paid one was received.
create index qrcodes_member_latest_idx on qrcodes (member_id, provider, created_at desc);
