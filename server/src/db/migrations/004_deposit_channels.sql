-- Deposit channels beyond bank transfers: QR payment gateways (DEP-4, DEP-6 to DEP-9) and True Wallet
-- (DEP-10).

-- Payment gateways (WW, PAYTIMZ, PAYONEX, ZPAY) are deposit accounts of bank_type PAYMENT; they share the
-- banks table for their names but are never a member's bank.
alter table banks add column is_payment boolean not null default false;

-- The operator's True Wallet accounts (GET /api/lookup/deposit "wallets"). mode AUTO: members transfer
-- from their registered phone; otherwise they send a gift link.
create table house_wallets (
  id bigint generated always as identity primary key,
  mode text not null default '',
  account_name text not null,
  phone text not null unique,
  active boolean not null default true,
  sort int not null default 0
);

-- One QR at a gateway: made for a member and an amount, payable until expires_at. A member has at most
-- one live (CREATED) QR per provider. The gateway's callback moves it to PAID exactly once.
create table qrcodes (
  id bigint generated always as identity primary key,
  public_id text not null unique,            -- our order id at the gateway
  member_id bigint not null references members (id),
  provider text not null,
  amount bigint not null check (amount > 0),
  status text not null check (status in ('CREATED', 'PAID', 'CANCELLED', 'EXPIRED')),
  payload text not null,                     -- the EMVCo text inside the QR
  gateway_ref text,                          -- the gateway's id of the QR
  transaction_id text unique,                -- the gateway's id of the payment, once paid
  idempotency_key text not null,             -- the member's create request: a replay returns this QR
  request_hash bytea not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index qrcodes_request_idx on qrcodes (member_id, idempotency_key);
create unique index qrcodes_one_live_idx on qrcodes (member_id, provider) where status = 'CREATED';

-- Every gift voucher ever redeemed, credited or not: the voucher hash is unique, so one voucher credits
-- at most once, whoever sends it and however often.
create table truewallet_vouchers (
  voucher_hash text primary key,
  member_id bigint not null references members (id),
  amount bigint,
  status text not null check (status in ('REDEEMING', 'CREDITED')),
  reason text,
  deposit_id bigint references deposits (id),
  idempotency_key text,                      -- the member's request: a replay answers the same deposit
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
