-- Member care: the withdrawal PIN (modules/accounts/withdrawal-pin.ts) and the sign-in history
-- (modules/accounts/sign-ins.ts).

-- One row per member who has set a PIN. failures counts PIN checks claimed since the last right PIN:
-- a check is claimed (failures + 1, under the row's lock) before the PIN is verified, so parallel
-- guesses never check more than the limit; the claim that reaches it sets blocked_until.
create table withdrawal_pins (
  member_id bigint primary key references members (id) on delete cascade,
  pin_hash text not null,
  set_at timestamptz not null,
  failures int not null default 0 check (failures >= 0),
  blocked_until timestamptz
);

-- Every successful sign-in. token_hash is its session's (sessions.token_hash, no foreign key: the
-- history outlives the session), so the list can mark the session asking and those still live.
create table sign_ins (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id) on delete cascade,
  created_at timestamptz not null,
  ip text not null default '',
  user_agent text not null default '',
  token_hash bytea
);
create index sign_ins_member_idx on sign_ins (member_id, created_at desc);
create index sign_ins_member_agent_idx on sign_ins (member_id, user_agent);

-- The live sessions are the sign-ins known so far: a member's next sign-in from the same browser is
-- then no new device, and their first one after this release does not send a notice to everyone.
insert into sign_ins (member_id, created_at, ip, user_agent, token_hash)
select member_id, created_at, ip, user_agent, token_hash from sessions;
