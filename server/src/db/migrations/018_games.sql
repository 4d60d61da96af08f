-- Game providers, members' accounts there, and transfers between the wallet and a game (two-phase: the
-- functions that move their money are in db/functions/games.sql).

-- The operator's providers (the 16 codes the seed writes). Logo and background are paths
-- under the web app; `active` is the operator's switch: a provider switched off is not offered, takes no
-- new account, and no money moves into it (money already there can still come back).
create table game_providers (
  code text primary key,
  name text not null,
  category text not null check (category in ('slot', 'sport', 'lotto')),
  logo text not null,
  background text not null,
  web text not null default '',
  android text not null default '',
  ios text not null default '',
  iframe boolean not null default false,
  active boolean not null default true,
  sort int not null default 0
);

-- GAME-1, GAME-4: a member's account at a provider. The password is the one the member may type into the
-- provider's app: AES-256-GCM under a key derived from the app secret (games/credentials.ts), never in
-- clear. `balance` is the last balance the provider told us (BAL-2), `stale` true when the last refresh
-- did not hear from it in time. The member's game account in the ledger is what Krapao sent there.
create table game_accounts (
  member_id bigint not null references members (id),
  provider text not null references game_providers (code),
  username text not null,
  password_enc text not null,
  -- OPENING until the provider has confirmed the account (a retried activation reuses the same username
  -- and password, so an account whose answer was lost is found again); only ACTIVE accounts take money.
  status text not null default 'OPENING' check (status in ('OPENING', 'ACTIVE')),
  balance bigint not null default 0,
  balance_at timestamptz,
  stale boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (member_id, provider),
  unique (provider, username)
);

-- TRF-2: one leg between the wallet and a game. IN: wallet -> game; OUT: game -> wallet. A game-to-game
-- transfer is an OUT leg with then_to set: when it succeeds, its IN leg to then_to begins in the same
-- transaction (reference <ref>-2), so the money never sits spendable in the wallet in between.
create table game_transfers (
  id bigint generated always as identity primary key,
  reference text not null unique,
  member_id bigint not null references members (id),
  provider text not null references game_providers (code),
  direction text not null check (direction in ('IN', 'OUT')),
  amount bigint not null check (amount > 0),
  status text not null check (status in ('PENDING', 'SUCCESS', 'FAILED')),
  -- What the member asked for (the statement's from and to): a second leg keeps the first one's.
  from_account text not null,
  to_account text not null,
  then_to text references game_providers (code),
  -- The first leg of a game-to-game transfer; null for a first leg.
  first_leg bigint references game_transfers (id),
  reason text,
  -- The reconciler's backoff: how many times it asked, and when to ask next.
  checks int not null default 0,
  next_check_at timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index game_transfers_member_idx on game_transfers (member_id, created_at desc);
create index game_transfers_pending_idx on game_transfers (next_check_at) where status = 'PENDING';
