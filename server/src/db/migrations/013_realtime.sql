-- Realtime (issue 7 item 8): every change to what a member sees of their money is announced by the
-- database itself, on commit, with pg_notify. Each server instance LISTENs once and nudges the member's
-- sockets (server/src/realtime). Triggers on the tables, not calls in each service, so a new path that
-- credits, pays or refuses cannot forget to tell the member: bank feed, QR callbacks, vouchers and their
-- reconciler, slips, withdrawals and the payout reconciler, operator credits and approvals alike. A rolled
-- back transaction announces nothing; identical payloads in one transaction are sent once.

-- One channel per schema: several Krapao databases (tests, DATABASE_SCHEMA) may share one PostgreSQL,
-- and LISTEN is per database. md5 keeps the name within PostgreSQL's 63 bytes whatever the schema's name.
create function realtime_channel() returns text language sql stable as $$
  select 'realtime_' || substr(md5(current_schema()), 1, 16)
$$;

-- Payloads are small JSON: {"member": id, "event": {...}} goes to the member's sockets (the event is the
-- contract's MoneyEvent, amounts in baht); {"sessionEnded": hex} and {"memberInactive": id} end sockets.
create function realtime_notify(p_payload jsonb) returns void language plpgsql as $$
begin
  perform pg_notify(realtime_channel(), p_payload::text);
end $$;

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
