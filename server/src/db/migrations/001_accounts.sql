-- Foundation: site settings, banks, sources, members, sessions, OTPs, rate-limit counters.

create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table banks (
  code text primary key,                       -- the short code of the API: KBANK, SCB, KTB, BCEL, ...
  clearing_code text not null default '',      -- 3-digit Thai code printed on slips (004, 014, ...)
  name_th text not null,
  name_en text not null,
  country text not null check (country in ('TH', 'LA')),
  sort int not null default 0
);

create table sources (
  code text primary key,
  description jsonb not null,                  -- { th, la, en }
  sort int not null default 0,
  active boolean not null default true
);

create table members (
  id bigint generated always as identity primary key,
  public_id text not null unique,              -- what the member and the API see as _id
  phone text not null unique,                  -- the username
  name text not null,
  password_hash text not null,
  password_changed_at timestamptz not null default now(),
  bank_code text not null references banks (code),
  bank_account_name text not null,
  bank_account_no text not null,
  currency text not null check (currency in ('BAHT', 'LAK')),
  source_code text references sources (code),
  invited_by bigint references members (id),
  coin int not null default 0 check (coin >= 0),
  status text not null default 'active' check (status in ('active', 'inactive')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- REG-7 EXISTING_BANK: one bank account belongs to one member.
  unique (bank_code, bank_account_no)
);

-- Opaque session tokens: only their SHA-256 is stored (ASVS 7.2).
create table sessions (
  token_hash bytea primary key,
  member_id bigint not null references members (id) on delete cascade,
  remember boolean not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  ip text not null default '',
  user_agent text not null default ''
);
create index sessions_member_idx on sessions (member_id);

-- One row per code sent. The code is kept as an HMAC, the token as a SHA-256 (ASVS 2.7.5).
create table otps (
  id bigint generated always as identity primary key,
  phone text not null,
  ref text not null,
  token_hash bytea not null unique,
  code_hash bytea not null,
  attempts int not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  verified_at timestamptz,
  consumed_at timestamptz,
  blocked_at timestamptz
);
create index otps_phone_idx on otps (phone, created_at desc);

-- Fixed-window counters for login failures and OTP sends, shared by every server instance.
create table rate_limits (
  key text primary key,
  window_started_at timestamptz not null,
  hits int not null
);
