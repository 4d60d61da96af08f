-- Realtime: every change to what a member sees of their money is announced by the database itself, in
-- the transaction that makes it. Triggers on the tables, not calls in each service, so a new path that
-- credits, pays or refuses cannot forget to tell the member. A rolled back transaction announces nothing.
--
-- The announcements go to the outbox table realtime_events, which each server instance reads every 250 ms
-- (server/src/realtime/outbox.ts), not to pg_notify: a transaction that NOTIFYs holds a database-wide
-- lock from its commit until the commit is on disk, so money transactions would commit one at a time
-- (migrations/013_realtime.sql has the measurements).
--
-- Payloads are small JSON: {"member": id, "event": {...}} goes to the member's sockets (the event is the
-- contract's MoneyEvent, amounts in major units); {"sessionEnded": hex} and {"memberInactive": id} end
-- sockets.

-- Writes one payload, unless this transaction wrote an identical one already (a deposit moves the balance
-- of an account or two: one "balance" event).
create or replace function realtime_notify(p_payload jsonb) returns void language plpgsql as $$
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
create or replace function realtime_poll(p_from xid8) returns table (horizon xid8, payload jsonb)
language sql stable as $$
  with h as (select pg_snapshot_xmin(pg_current_snapshot()) as horizon)
  select horizon, payload from (
    select h.horizon, null::jsonb as payload, 0::bigint as id from h
    union all
    select h.horizon, e.payload, e.id from h, realtime_events e
    where e.xid >= p_from and e.xid < h.horizon
  ) rows order by id
$$;

-- Records p_horizon as read at p_at, and deletes the events before the newest horizon read at least
-- p_keep before p_at (with the horizons that old: the events before them are gone). Horizons outlive the
-- instance that read them, so any instance prunes by any instance's old horizon, and a fleet whose
-- instances all restart often still prunes. A horizon (the oldest transaction running when it was read)
-- only grows with time, so an event of a transaction before a horizon read p_keep ago is older than
-- p_keep. A row a minute per instance; the delete goes by the xid index the outbox reads by.
create or replace function realtime_prune(p_horizon xid8, p_at timestamptz, p_keep interval) returns void
language plpgsql as $$
declare
  v_old xid8;
begin
  insert into realtime_horizons (read_at, horizon) values (p_at, p_horizon);
  select max(h.horizon) into v_old from realtime_horizons h where h.read_at <= p_at - p_keep;
  if v_old is not null then
    delete from realtime_events e where e.xid < v_old;
    delete from realtime_horizons h where h.read_at <= p_at - p_keep;
  end if;
end $$;

create or replace function realtime_member_event(p_member bigint, p_event jsonb) returns void
language plpgsql as $$
begin
  perform realtime_notify(jsonb_build_object('member', p_member::text, 'event', p_event));
end $$;

create or replace function realtime_baht(p_minor bigint) returns numeric language sql immutable as $$
  select round(p_minor / 100.0, 2)
$$;

-- A deposit's and a withdrawal's events are written by the trigger itself, not through
-- realtime_member_event: two function calls and a look for an identical event fewer per money row. Such
-- an event names its row and its status: a transaction would write one twice only by taking the same row
-- to the same status twice, and the screen would then read once more.
create or replace function realtime_deposit_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then return null; end if;
  -- A notice answered by a credit (deposit_answers_notice) is that credit, announced by its own row.
  if new.answered_by is not null then return null; end if;
  insert into realtime_events (payload)
  values (jsonb_build_object('member', new.member_id::text, 'event', jsonb_build_object(
            'type', 'deposit', 'depositId', 'D' || new.id, 'channel', new.channel, 'status', new.status,
            'amount', realtime_baht(new.amount))));
  return null;
end $$;
create or replace trigger deposits_realtime after insert or update of status on deposits
  for each row execute function realtime_deposit_changed();

create or replace function realtime_withdrawal_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then return null; end if;
  insert into realtime_events (payload)
  values (jsonb_build_object('member', new.member_id::text, 'event', jsonb_build_object(
            'type', 'withdrawal', 'withdrawalId', new.public_id, 'status', new.status,
            'amount', realtime_baht(new.amount))));
  return null;
end $$;
create or replace trigger withdrawals_realtime after insert or update of status on withdrawals
  for each row execute function realtime_withdrawal_changed();

create or replace function realtime_qrcode_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then return null; end if;
  perform realtime_member_event(new.member_id, jsonb_build_object(
    'type', 'qrcode', 'qrcodeId', new.public_id, 'provider', new.provider, 'status', new.status,
    'amount', realtime_baht(new.amount)));
  return null;
end $$;
create or replace trigger qrcodes_realtime after insert or update of status on qrcodes
  for each row execute function realtime_qrcode_changed();

create or replace function realtime_slip_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then return null; end if;
  perform realtime_member_event(new.member_id, jsonb_build_object(
    'type', 'slip', 'slipId', new.public_id, 'status', new.status,
    'amount', case when new.amount is null then null else realtime_baht(new.amount) end));
  return null;
end $$;
create or replace trigger slips_realtime after insert or update of status on slips
  for each row execute function realtime_slip_changed();

-- The catch-all: whatever moves a member's balance (a game transfer, a bonus, a correction to come) is
-- announced even when no table above changed, once per journal entry rather than once per member account
-- it moves (a game transfer moves two of a member's accounts twice). Every entry that moves a member's
-- money names the member (ledger_post's p_member), so the entry is the one place to announce it. The
-- payload is realtime_member_event's, written here itself, and an identical one this transaction wrote is
-- not written again (realtime_notify's rule).
create or replace function realtime_entry_posted() returns trigger language plpgsql as $$
declare
  v_payload jsonb;
begin
  if new.member_id is null then
    return null;
  end if;
  v_payload := jsonb_build_object('member', new.member_id::text, 'event', jsonb_build_object('type', 'balance'));
  if not exists (select 1 from realtime_events where xid = pg_current_xact_id() and payload = v_payload) then
    insert into realtime_events (payload) values (v_payload);
  end if;
  return null;
end $$;
create or replace trigger journal_entries_realtime after insert on journal_entries
  for each row execute function realtime_entry_posted();

-- A session ends (logout, expiry noticed, a password change revoking the others): its sockets close.
create or replace function realtime_session_ended() returns trigger language plpgsql as $$
begin
  perform realtime_notify(jsonb_build_object('sessionEnded', encode(old.token_hash, 'hex')));
  return null;
end $$;
create or replace trigger sessions_realtime after delete on sessions
  for each row execute function realtime_session_ended();

create or replace function realtime_member_status_changed() returns trigger language plpgsql as $$
begin
  if new.status <> 'active' and old.status = 'active' then
    perform realtime_notify(jsonb_build_object('memberInactive', new.id::text));
  end if;
  return null;
end $$;
create or replace trigger members_realtime after update of status on members
  for each row execute function realtime_member_status_changed();

-- A member's protection changed (limits, a waiting increase, the reality check, a time-out or
-- self-exclusion), by the member on another device or by staff (a block placed from the console): the
-- member's open app asks for its protection state again, so a block closes play on a screen already open.
-- The first look that only makes the row (every setting at its default) changes nothing to announce.
create or replace function realtime_protection_changed() returns trigger language plpgsql as $$
begin
  perform realtime_member_event(new.member_id, jsonb_build_object('type', 'protection'));
  return null;
end $$;
create or replace trigger member_protection_realtime after update on member_protection
  for each row when (old is distinct from new) execute function realtime_protection_changed();
