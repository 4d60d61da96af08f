-- The operator console (modules/staff). The audit is append-only: the database refuses to change or
-- remove a row, whoever asks (a superuser can still switch triggers off; `npm run ops -- audit-verify`
-- then finds the changed row by its broken hash chain).
create or replace function staff_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'staff_audit is append-only' using errcode = 'P0007';
end $$;
create or replace trigger staff_audit_append_only before update or delete on staff_audit
  for each row execute function staff_audit_append_only();
create or replace trigger staff_audit_no_truncate before truncate on staff_audit
  for each statement execute function staff_audit_append_only();

-- A frozen member's money stands still: every journal entry of a member (ledger_post writes them all)
-- takes the member row FOR SHARE and is refused when it is frozen. The freeze's UPDATE of that row
-- waits for every entry in flight to commit, and every entry after it sees the freeze, so no entry
-- begun after the freeze moves money. INACTIVE_USER to the caller (SQLSTATE P0006).
create or replace function staff_refuse_frozen_entry() returns trigger language plpgsql as $$
declare
  v_status text;
begin
  if new.member_id is not null then
    select m.status into v_status from members m where m.id = new.member_id for share;
    if v_status = 'frozen' then
      raise exception 'INACTIVE_USER' using errcode = 'P0006';
    end if;
  end if;
  return new;
end $$;
create or replace trigger journal_entries_not_frozen before insert on journal_entries
  for each row execute function staff_refuse_frozen_entry();

-- A staff session ends (sign-out, disabled, a role change, a password change, expiry noticed): the
-- console's sockets of that session close at once, as a member's do (realtime.sql realtime_session_ended).
create or replace function staff_session_ended() returns trigger language plpgsql as $$
begin
  perform realtime_notify(jsonb_build_object('staffSessionEnded', encode(old.token_hash, 'hex')));
  return null;
end $$;
create or replace trigger staff_sessions_realtime after delete on staff_sessions
  for each row execute function staff_session_ended();
