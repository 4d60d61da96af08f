-- The invite commission (INV-1) and the loss refund (REF-1), both paid as rewards
-- (024_rewards.sql) and both computed from the bet feed (019_bet_feed.sql: game_daily_stats, where every
-- round is counted once however often the feed is replayed). docs/decisions.md "Invite commission and
-- loss refund". The operator's rules are the settings invite.rules and refund.rules (db/seed.ts; changed
-- through the operator API, audited); the day is the operator's (Asia/Bangkok, Asia/Vientiane: both
-- UTC+7, as game_daily_stats.day).

-- Invitees are found by their inviter (GET /api/wallet reads the commission on every call).
create index members_invited_by_idx on members (invited_by) where invited_by is not null;

-- The commission ledger: one row per invitee and day of play, the invitee's turnover that day in the
-- inviter's currency and the commission it earned at the rate recorded when the day was first written
-- (a later change of the rate applies to days not written yet). A row is written again, never added to:
-- its turnover is the day's figure read from game_daily_stats, so accruing twice, or after a replayed
-- feed, gives the same row.
create table invite_accruals (
  invitee_id bigint not null references members (id),
  day date not null,
  inviter_id bigint not null references members (id),
  currency text not null,
  turnover bigint not null check (turnover >= 0),
  percent numeric(8, 4) not null,
  commission bigint not null check (commission >= 0),
  updated_at timestamptz not null,
  primary key (invitee_id, day)
);
create index invite_accruals_inviter_idx on invite_accruals (inviter_id);

-- Each collection (GET /api/invite/bonus): numbered per member; its reward's reference is 'collect:<n>',
-- so the same collection cannot pay twice. What is collectable is the commission earned minus these.
create table invite_collections (
  member_id bigint not null references members (id),
  n int not null,
  amount bigint not null check (amount > 0),
  reward_id bigint not null references rewards (id),
  created_at timestamptz not null,
  primary key (member_id, n)
);

-- The refunds paid: one per member and period, whichever of the two choices (receive, addWallet); the
-- days it covers [period_start, period_end) never count in another refund, even when the operator
-- switches between daily and weekly.
create table refund_claims (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  period text not null check (period in ('daily', 'weekly')),
  period_start date not null,
  period_end date not null,
  kind text not null check (kind in ('receive', 'addWallet')),
  turnover bigint not null,
  net_loss bigint not null check (net_loss > 0),
  percent numeric(8, 4) not null,
  amount bigint not null check (amount > 0),
  reward_id bigint not null references rewards (id),
  created_at timestamptz not null,
  unique (member_id, period, period_start),
  check (period_end > period_start)
);
create index refund_claims_member_idx on refund_claims (member_id, created_at desc);
