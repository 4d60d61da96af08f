-- The bet feed: each provider's rounds, pulled by cursor into per-member turnover and win/loss by provider
-- and day; a round counts once, whatever happens (db/functions/games.sql, game_bets_take).

-- Where each provider's feed was read up to.
create table game_bet_cursors (
  provider text primary key references game_providers (code),
  cursor text,
  -- Rounds taken so far (new ones only), for the operator.
  rounds bigint not null default 0,
  pulled_at timestamptz
);

-- Every round a provider reported, once. member_id is null for a username that is no member's account
-- here (kept, never counted). `posted` says whether its money is in the ledger yet: a round whose money
-- the member's game account does not hold in the ledger yet (a transfer in that funded it is still
-- PENDING) waits, with every later round of that member at that provider, until it does.
create table game_rounds (
  provider text not null references game_providers (code),
  round_id text not null,
  seq bigint generated always as identity,
  member_id bigint references members (id),
  username text not null,
  currency text,
  bet bigint not null check (bet >= 0),
  win bigint not null check (win >= 0),
  played_at timestamptz not null,
  -- The day of play in Thailand and Laos (both UTC+7, no daylight saving): what "a day" means to a member.
  day date not null,
  posted boolean not null default false,
  pulled_at timestamptz not null,
  primary key (provider, round_id)
);
create index game_rounds_member_idx on game_rounds (member_id, played_at desc);
create index game_rounds_waiting_idx on game_rounds (provider, member_id, seq)
  where not posted and member_id is not null;

-- Turnover and win/loss per member, provider and day, in the member's currency: updated in the
-- transaction that inserts the rounds, so it is always the sum of game_rounds (a test recomputes it).
-- win_loss is the member's result, wins - turnover: negative when the member lost.
create table game_daily_stats (
  member_id bigint not null references members (id),
  provider text not null references game_providers (code),
  day date not null,
  currency text not null,
  rounds int not null,
  turnover bigint not null,
  wins bigint not null,
  win_loss bigint not null,
  primary key (member_id, provider, day)
);
create index game_daily_stats_day_idx on game_daily_stats (day);

-- A transfer's answer reads its second leg by first_leg (game_transfer_answer): without an index
-- every answer scanned all transfers, a cost that grew with the table (found by npm run bench:api).
create index game_transfers_first_leg_idx on game_transfers (first_leg) where first_leg is not null;
