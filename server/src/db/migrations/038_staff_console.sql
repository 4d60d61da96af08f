-- The operator console (modules/staff): staff apart from members, their server-side sessions, four-eyes
-- requests, a hash-chained append-only audit, and a member's freeze (a third status beside active and
-- inactive: refused like a deactivated member, and no money of theirs moves: db/functions/staff.sql).

create table staff (
  id bigint generated always as identity primary key,
  username text not null unique,
  role text not null check (role in ('support', 'finance', 'marketing', 'risk', 'admin', 'auditor')),
  password_hash text not null,
  must_change_password boolean not null default true,
  totp_secret text,                            -- base32, set once enrolment is confirmed
  totp_pending_secret text,                    -- offered by /totp/enrol, until a code confirms it
  totp_last_step bigint not null default 0,    -- the last accepted time step: a code is usable once
  disabled boolean not null default false,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz
);

create table staff_recovery_codes (
  id bigint generated always as identity primary key,
  staff_id bigint not null references staff (id),
  code_hash text not null,                     -- argon2id of the code
  used_at timestamptz
);
create index staff_recovery_codes_staff_idx on staff_recovery_codes (staff_id);

create table staff_sessions (
  token_hash bytea primary key,
  staff_id bigint not null references staff (id),
  role text not null,                          -- the role at sign-in: a change of role ends the session
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  step_up_at timestamptz                       -- the last TOTP code given (a money action needs one recent)
);
create index staff_sessions_staff_idx on staff_sessions (staff_id);

create table approval_requests (
  id bigint generated always as identity primary key,
  public_id text not null unique,
  kind text not null check (kind in ('adjustment', 'withdrawal', 'payout-account', 'role')),
  payload jsonb not null,
  maker text not null,
  status text not null default 'AWAITING_APPROVAL'
    check (status in ('AWAITING_APPROVAL', 'APPROVED', 'REJECTED', 'EXPIRED')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  decided_by text,
  decided_at timestamptz,
  reason text,
  result jsonb
);
create index approval_requests_status_idx on approval_requests (status, id desc);

create table staff_audit (
  id bigint primary key,                       -- consecutive, given by staff_audit_head
  at timestamptz not null,
  actor text not null,
  action text not null,
  target text,
  member_id text,
  before jsonb,
  after jsonb,
  ip text,
  prev_hash text not null,
  row_hash text not null
);
create index staff_audit_actor_idx on staff_audit (actor, id desc);
create index staff_audit_member_idx on staff_audit (member_id, id desc);

-- The chain's head, one row, locked FOR UPDATE by every insert so the chain stays a line.
create table staff_audit_head (
  one boolean primary key default true check (one),
  last_id bigint not null,
  last_hash text not null
);
insert into staff_audit_head (last_id, last_hash) values (0, repeat('0', 64));

alter table members drop constraint members_status_check;
alter table members add constraint members_status_check check (status in ('active', 'inactive', 'frozen'));
alter table members add column frozen_reason text;

-- A withdrawal above console.approvalAboveMinor (per currency) waits for two staff members (four-eyes):
-- never paid automatically (db/functions/withdrawals.sql wallet_withdraw).
alter table withdrawals drop constraint withdrawals_held_for_check;
alter table withdrawals add constraint withdrawals_held_for_check
  check (held_for in ('NEW_ACCOUNT', 'FOUR_EYES'));
