-- Money: a double-entry ledger in integer minor units (satang), and the business records that post to it.
-- ledger/ is the only code that writes ledger_accounts, journal_entries and postings.

-- An account's balance is the sum of its postings. Member accounts are what Krapao owes a member and never
-- go below zero (the CHECK, not only an if). House accounts are the other side of every movement.
create table ledger_accounts (
  id bigint generated always as identity primary key,
  code text not null unique,                 -- member:<id>:wallet, member:<id>:pending_withdrawal, house:bank_cash:<n>
  kind text not null check (kind in ('member_wallet', 'member_pending_withdrawal', 'member_game', 'house')),
  member_id bigint references members (id),
  balance bigint not null default 0,
  constraint member_accounts_not_negative check (kind = 'house' or balance >= 0)
);

-- One business event, posted at most once: its reference is unique (deposit:bank:<ref>, withdrawal:<id>:paid).
create table journal_entries (
  id bigint generated always as identity primary key,
  kind text not null,
  reference text not null unique,
  member_id bigint references members (id),
  created_at timestamptz not null default now()
);

create table postings (
  id bigint generated always as identity primary key,
  entry_id bigint not null references journal_entries (id),
  account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount <> 0)
);
create index postings_account_idx on postings (account_id);
create index postings_entry_idx on postings (entry_id);

-- Postings and entries are append-only and every entry sums to zero: the triggers that hold those rules
-- live with the ledger's functions (db/functions/ledger.sql).

-- Money-moving requests: a replay with the same key returns the first answer; another body is refused.
create table idempotency_keys (
  member_id bigint not null references members (id),
  key text not null,
  request_hash bytea not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (member_id, key)
);

-- The operator's accounts that members deposit to (GET /api/lookup/deposit).
create table house_accounts (
  id bigint generated always as identity primary key,
  bank_code text not null references banks (code),
  bank_type text not null check (bank_type in ('BANK', 'PAYMENT')),
  mode text not null default '',
  account_name text not null,
  account_no text not null,
  currency text not null default 'BAHT' check (currency in ('BAHT', 'LAK')),
  active boolean not null default true,
  sort int not null default 0,
  unique (bank_code, account_no)
);

create table deposits (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  channel text not null check (channel in ('BANK', 'QR', 'TRUEWALLET', 'SLIP', 'NOTICE')),
  amount bigint not null check (amount > 0),
  status text not null check (status in ('PENDING', 'SUCCESS', 'FAILED')),
  reference text,                            -- the bank's reference for BANK; unique per channel
  created_at timestamptz not null default now(),
  unique (channel, reference)
);
create index deposits_member_idx on deposits (member_id, created_at desc);

-- Every incoming transfer the bank feed reported, matched or not: nothing is dropped.
create table bank_feed_items (
  reference text primary key,
  from_bank_code text not null,
  from_account_no text not null,
  to_account_no text not null,
  amount bigint not null,
  received_at timestamptz not null,
  outcome text not null check (outcome in ('CREDITED', 'UNMATCHED')),
  member_id bigint references members (id),
  created_at timestamptz not null default now()
);

-- A withdrawal: the money leaves the wallet at once into the member's pending account, then is paid out
-- (PAID), refused by the bank (FAILED) or by the operator (REJECTED); FAILED and REJECTED return it.
create table withdrawals (
  id bigint generated always as identity primary key,
  public_id text not null unique,            -- our reference at the bank; reused on every retry
  member_id bigint not null references members (id),
  amount bigint not null check (amount > 0),
  status text not null check (status in ('PENDING', 'PROCESSING', 'PAID', 'FAILED', 'REJECTED')),
  bank_code text not null,
  bank_account_no text not null,
  bank_account_name text not null,
  reason text,
  attempts int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index withdrawals_member_idx on withdrawals (member_id, created_at desc);
create index withdrawals_status_idx on withdrawals (status) where status in ('PENDING', 'PROCESSING');

alter table members add column last_sync_at timestamptz;
